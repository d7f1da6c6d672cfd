-- AlterTable
ALTER TABLE "usage_periods" ADD COLUMN     "reserved_tenths" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "usage_reservations" (
    "ref" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "tenths" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "usage_reservations_pkey" PRIMARY KEY ("ref")
);

-- CreateIndex
CREATE INDEX "usage_reservations_expires_at_idx" ON "usage_reservations"("expires_at");

-- AddForeignKey
ALTER TABLE "usage_reservations" ADD CONSTRAINT "usage_reservations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
