-- CreateTable
CREATE TABLE "test_events" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "test_events_workspace_id_created_at_idx" ON "test_events"("workspace_id", "created_at");

-- AddForeignKey
ALTER TABLE "test_events" ADD CONSTRAINT "test_events_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
