-- CreateIndex
CREATE INDEX "confirmations_new_verification" ON "confirmations"("new_verification_id") WHERE (new_verification_id IS NOT NULL);
