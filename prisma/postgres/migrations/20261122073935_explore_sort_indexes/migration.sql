-- AlterTable
ALTER TABLE "Content" ADD COLUMN     "trendScore" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Content_network_trendScore_id_idx" ON "Content"("network", "trendScore", "id");

-- CreateIndex
CREATE INDEX "Content_network_unlocks_revenueAtomic_views_id_idx" ON "Content"("network", "unlocks", "revenueAtomic", "views", "id");
