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

-- Redaction (docs/privacy.md) updates personal columns only. The analytics roll-up's update trigger
-- (migration 20261125164538_analytics_days) counted every updated row out and in again: figures
-- unchanged in integers, but the float sums (psum, sqsum) drifted by rounding, and a purge paid three
-- upserts per chunk for nothing. It now counts only rows whose summed columns changed.
DO $$
DECLARE
  summed CONSTANT TEXT := '(%1$s.workspace_id, %1$s.livemode, %1$s.created_at, %1$s.decision, %1$s.score, %1$s.courier, %1$s.outcome, %1$s.delivery_probability, %1$s.synthetic, %1$s.reason_codes, %1$s.pincode_code)';
  changed TEXT;
BEGIN
  changed := format(summed, 'n') || ' IS DISTINCT FROM ' || format(summed, 'o');
  EXECUTE format('CREATE OR REPLACE FUNCTION analytics_roll_up_update() RETURNS TRIGGER LANGUAGE plpgsql AS %L',
    'BEGIN ' || array_to_string(analytics_roll_up_sql(
      'SELECT n.*, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ' || changed ||
      ' UNION ALL SELECT o.*, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ' || changed), '; ') || '; RETURN NULL; END');
END
$$;
