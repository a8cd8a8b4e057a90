-- CreateIndex
CREATE INDEX "Content_network_updatedAt_idx" ON "Content"("network", "updatedAt");
