-- DropIndex
DROP INDEX "Payment_network_payer_status_settledAt_idx";

-- CreateIndex
CREATE INDEX "Payment_payer_owed_idx" ON "Payment"("network", "payer", "status", "settledAt", "chainId", "rail", "amountAtomic");
