-- One whitelist keyed like entitlements ("qs:<share id>", "post:<post id>"), issue 34.
-- The rows of both old tables move over with their ids and dates, then the old tables go.
-- CreateTable
CREATE TABLE "AccessListEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "resourceKey" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "AccessListEntry_resourceKey_wallet_key" ON "AccessListEntry"("resourceKey", "wallet");

-- Move the share whitelists
INSERT INTO "AccessListEntry" ("id", "resourceKey", "wallet", "createdAt")
SELECT "id", 'qs:' || "shareId", "wallet", "createdAt" FROM "QuickshareWhitelist";

-- Move the post whitelists
INSERT INTO "AccessListEntry" ("id", "resourceKey", "wallet", "createdAt")
SELECT "id", 'post:' || "postId", "wallet", "createdAt" FROM "BlogWhitelist";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "QuickshareWhitelist";
PRAGMA foreign_keys=on;

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "BlogWhitelist";
PRAGMA foreign_keys=on;
