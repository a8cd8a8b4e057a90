-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_BlogPost" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "siteId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'article',
    "title" TEXT NOT NULL DEFAULT '',
    "summary" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "priceAtomic" BIGINT NOT NULL DEFAULT 0,
    "tier" TEXT NOT NULL DEFAULT 'public',
    "publicAccess" BOOLEAN NOT NULL DEFAULT true,
    "currency" TEXT NOT NULL DEFAULT 'USDC',
    "bodyStorageRef" TEXT,
    "bodyWrappedKey" TEXT,
    "contentHash" TEXT,
    "coverUrl" TEXT,
    "externalVideoUrl" TEXT,
    "tags" TEXT NOT NULL DEFAULT '',
    "views" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "publishedAt" DATETIME,
    CONSTRAINT "BlogPost_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_BlogPost" ("bodyStorageRef", "bodyWrappedKey", "contentHash", "coverUrl", "createdAt", "currency", "externalVideoUrl", "id", "priceAtomic", "publicAccess", "publishedAt", "siteId", "slug", "status", "summary", "tags", "tier", "title", "type", "updatedAt") SELECT "bodyStorageRef", "bodyWrappedKey", "contentHash", "coverUrl", "createdAt", "currency", "externalVideoUrl", "id", "priceAtomic", "publicAccess", "publishedAt", "siteId", "slug", "status", "summary", "tags", "tier", "title", "type", "updatedAt" FROM "BlogPost";
DROP TABLE "BlogPost";
ALTER TABLE "new_BlogPost" RENAME TO "BlogPost";
CREATE INDEX "BlogPost_siteId_status_publishedAt_idx" ON "BlogPost"("siteId", "status", "publishedAt");
CREATE UNIQUE INDEX "BlogPost_siteId_slug_key" ON "BlogPost"("siteId", "slug");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
