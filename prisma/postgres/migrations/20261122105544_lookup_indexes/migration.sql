-- CreateIndex
CREATE INDEX "Content_network_externalId_idx" ON "Content"("network", "externalId");

-- CreateIndex
CREATE INDEX "LedgerActivity_network_txHash_idx" ON "LedgerActivity"("network", "txHash");
