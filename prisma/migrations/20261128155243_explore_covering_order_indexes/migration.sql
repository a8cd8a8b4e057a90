-- DropIndex
DROP INDEX "Content_network_createdAt_idx";

-- DropIndex
DROP INDEX "Content_network_trendScore_id_idx";

-- DropIndex
DROP INDEX "Content_network_unlocks_revenueAtomic_views_id_idx";

-- CreateIndex
CREATE INDEX "Content_order_newest_idx" ON "Content"("network", "createdAt", "id", "siteId", "contentType");

-- CreateIndex
CREATE INDEX "Content_order_trending_idx" ON "Content"("network", "trendScore", "id", "siteId", "contentType", "createdAt");

-- CreateIndex
CREATE INDEX "Content_order_best_sellers_idx" ON "Content"("network", "unlocks", "revenueAtomic", "views", "id", "siteId", "contentType");
