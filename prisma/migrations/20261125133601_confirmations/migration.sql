-- CreateEnum
CREATE TYPE "ConfirmationStatus" AS ENUM ('pending', 'confirmed', 'expired');

-- CreateTable
CREATE TABLE "confirmations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "verification_id" TEXT NOT NULL,
    "key_id" TEXT,
    "livemode" BOOLEAN NOT NULL,
    "token_hash" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "status" "ConfirmationStatus" NOT NULL DEFAULT 'pending',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "claimed_until" TIMESTAMPTZ(3),
    "confirmed_at" TIMESTAMPTZ(3),
    "new_verification_id" TEXT,
    "changed" JSONB,
    "device_location" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "confirmations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "confirmations_token_hash_key" ON "confirmations"("token_hash");

-- CreateIndex
CREATE INDEX "confirmations_verification_id_created_at_idx" ON "confirmations"("verification_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "confirmations_one_pending" ON "confirmations"("verification_id") WHERE (status = 'pending');

-- AddForeignKey
ALTER TABLE "confirmations" ADD CONSTRAINT "confirmations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "confirmations" ADD CONSTRAINT "confirmations_verification_id_fkey" FOREIGN KEY ("verification_id") REFERENCES "verifications"("id") ON DELETE CASCADE ON UPDATE CASCADE;
