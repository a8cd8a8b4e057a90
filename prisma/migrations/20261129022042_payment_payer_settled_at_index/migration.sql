-- DropIndex
DROP INDEX "Payment_network_payer_status_idx";

-- CreateIndex
CREATE INDEX "Payment_network_payer_status_settledAt_idx" ON "Payment"("network", "payer", "status", "settledAt");
