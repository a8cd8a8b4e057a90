-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Content" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "network" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "imageUrl" TEXT NOT NULL DEFAULT '',
    "contentType" TEXT NOT NULL DEFAULT 'article',
    "tags" TEXT NOT NULL DEFAULT '',
    "tagsTentative" BOOLEAN NOT NULL DEFAULT false,
    "url" TEXT NOT NULL DEFAULT '',
    "path" TEXT NOT NULL DEFAULT '',
    "currency" TEXT NOT NULL DEFAULT 'USDC',
    "priceAtomic" BIGINT NOT NULL DEFAULT 0,
    "recipientWallet" TEXT,
    "accessPolicy" TEXT NOT NULL DEFAULT 'paid',
    "unlockPolicy" TEXT NOT NULL DEFAULT 'one_time',
    "contentHash" TEXT,
    "searchText" TEXT NOT NULL DEFAULT '',
    "views" INTEGER NOT NULL DEFAULT 0,
    "unlocks" INTEGER NOT NULL DEFAULT 0,
    "revenueAtomic" BIGINT NOT NULL DEFAULT 0,
    "ratingsCount" INTEGER NOT NULL DEFAULT 0,
    "ratingSum" INTEGER NOT NULL DEFAULT 0,
    "reputationScore" REAL,
    "trendScore" REAL NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME,
    CONSTRAINT "Content_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Content" ("accessPolicy", "contentHash", "contentType", "createdAt", "currency", "description", "externalId", "id", "imageUrl", "lastSeenAt", "network", "path", "priceAtomic", "ratingSum", "ratingsCount", "recipientWallet", "reputationScore", "revenueAtomic", "searchText", "siteId", "tags", "tagsTentative", "title", "unlockPolicy", "unlocks", "updatedAt", "url", "views") SELECT "accessPolicy", "contentHash", "contentType", "createdAt", "currency", "description", "externalId", "id", "imageUrl", "lastSeenAt", "network", "path", "priceAtomic", "ratingSum", "ratingsCount", "recipientWallet", "reputationScore", "revenueAtomic", "searchText", "siteId", "tags", "tagsTentative", "title", "unlockPolicy", "unlocks", "updatedAt", "url", "views" FROM "Content";
DROP TABLE "Content";
ALTER TABLE "new_Content" RENAME TO "Content";
CREATE INDEX "Content_network_createdAt_idx" ON "Content"("network", "createdAt");
CREATE INDEX "Content_network_unlocks_idx" ON "Content"("network", "unlocks");
CREATE INDEX "Content_network_views_idx" ON "Content"("network", "views");
CREATE INDEX "Content_network_revenueAtomic_idx" ON "Content"("network", "revenueAtomic");
CREATE INDEX "Content_network_reputationScore_idx" ON "Content"("network", "reputationScore");
CREATE INDEX "Content_network_trendScore_id_idx" ON "Content"("network", "trendScore", "id");
CREATE INDEX "Content_network_unlocks_revenueAtomic_views_id_idx" ON "Content"("network", "unlocks", "revenueAtomic", "views", "id");
CREATE INDEX "Content_network_contentType_idx" ON "Content"("network", "contentType");
CREATE INDEX "Content_network_url_idx" ON "Content"("network", "url");
CREATE INDEX "Content_network_contentHash_idx" ON "Content"("network", "contentHash");
CREATE INDEX "Content_siteId_idx" ON "Content"("siteId");
CREATE UNIQUE INDEX "Content_network_siteId_externalId_key" ON "Content"("network", "siteId", "externalId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
