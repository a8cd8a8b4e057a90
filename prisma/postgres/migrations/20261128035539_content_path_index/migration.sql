-- CreateIndex
CREATE INDEX "Content_network_path_idx" ON "Content"("network", "path");
