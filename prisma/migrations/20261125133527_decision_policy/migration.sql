-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('cod', 'prepaid');

-- AlterTable
ALTER TABLE "batch_rows" ADD COLUMN     "order_value" DOUBLE PRECISION,
ADD COLUMN     "payment_method" "PaymentMethod";

-- AlterTable
ALTER TABLE "batches" ADD COLUMN     "policy_version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "verifications" ADD COLUMN     "courier" TEXT,
ADD COLUMN     "delivery_probability" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "order_value" DOUBLE PRECISION,
ADD COLUMN     "outcome" "OutcomeKind",
ADD COLUMN     "payment_method" "PaymentMethod",
ADD COLUMN     "pincode_code" TEXT,
ADD COLUMN     "policy_version" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "prior_returns" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reason_codes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "state" TEXT,
ADD COLUMN     "synthetic" BOOLEAN NOT NULL DEFAULT false;

-- Backfill: what a re-decision reads, from what earlier verifications stored, the outcome copies,
-- and the prior delivery probability of each score band (docs/decision-policy.md), as nothing was learnt yet.
UPDATE "verifications" SET
  "reason_codes" = ARRAY(SELECT r->>'code' FROM jsonb_array_elements("reasons") AS r),
  "pincode_code" = "pincode"->>'code',
  "state" = COALESCE("pincode"->>'state', "components"->>'state'),
  "prior_returns" = COALESCE(("history"->>'rto')::int, 0) + COALESCE(("history"->>'customer_refused')::int, 0) + COALESCE(("history"->>'address_issue')::int, 0),
  "delivery_probability" = round((0.60 + 0.035 * (LEAST("score" / 10, 9) + 0.5))::numeric, 2);
UPDATE "verifications" v SET "outcome" = o."outcome", "courier" = o."courier" FROM "outcomes" o WHERE o."verification_id" = v."id";
ALTER TABLE "verifications" ALTER COLUMN "delivery_probability" DROP DEFAULT;

-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "held_parcel_cost_rupees" INTEGER NOT NULL DEFAULT 20,
ADD COLUMN     "returned_parcel_cost_rupees" INTEGER NOT NULL DEFAULT 150;

-- CreateTable
CREATE TABLE "decision_policies" (
    "workspace_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "policy" JSONB NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "decision_policies_pkey" PRIMARY KEY ("workspace_id","version")
);

-- CreateTable
CREATE TABLE "delivery_curves" (
    "workspace_id" TEXT NOT NULL,
    "probabilities" JSONB NOT NULL,
    "outcomes" INTEGER NOT NULL,
    "stale" BOOLEAN NOT NULL DEFAULT false,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "delivery_curves_pkey" PRIMARY KEY ("workspace_id")
);

-- AddForeignKey
ALTER TABLE "decision_policies" ADD CONSTRAINT "decision_policies_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery_curves" ADD CONSTRAINT "delivery_curves_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
