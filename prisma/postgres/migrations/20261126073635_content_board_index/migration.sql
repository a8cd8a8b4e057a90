-- DropIndex
DROP INDEX "Content_network_reputationScore_idx";

-- CreateIndex
CREATE INDEX "Content_network_reputationScore_unlocks_views_id_idx" ON "Content"("network", "reputationScore" DESC, "unlocks" DESC, "views" DESC, "id");
