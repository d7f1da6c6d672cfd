-- AlterTable
ALTER TABLE "confirmations" ADD COLUMN     "notice_version" INTEGER,
ADD COLUMN     "redacted_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "verifications" ADD COLUMN     "redacted_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "retention_days" INTEGER NOT NULL DEFAULT 180;

-- CreateTable
CREATE TABLE "erasure_requests" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "verification_id" TEXT,
    "verifications" INTEGER NOT NULL,
    "confirmations" INTEGER NOT NULL,
    "batch_rows" INTEGER NOT NULL,
    "webhook_deliveries" INTEGER NOT NULL,
    "requested_by_key_id" TEXT,
    "requested_by_member" TEXT,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "erasure_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "erasure_requests_workspace_id_requested_at_idx" ON "erasure_requests"("workspace_id", "requested_at");

-- CreateIndex
CREATE INDEX "verifications_unredacted" ON "verifications"("workspace_id", "created_at") WHERE (redacted_at IS NULL);

-- AddForeignKey
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
