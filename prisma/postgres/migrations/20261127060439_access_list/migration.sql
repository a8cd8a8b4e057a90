-- One whitelist keyed like entitlements ("qs:<share id>", "post:<post id>"), issue 34.
-- The rows of both old tables move over with their ids and dates, then the old tables go.
-- CreateTable
CREATE TABLE "AccessListEntry" (
    "id" TEXT NOT NULL,
    "resourceKey" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccessListEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccessListEntry_resourceKey_wallet_key" ON "AccessListEntry"("resourceKey", "wallet");

-- Move the share whitelists
INSERT INTO "AccessListEntry" ("id", "resourceKey", "wallet", "createdAt")
SELECT "id", 'qs:' || "shareId", "wallet", "createdAt" FROM "QuickshareWhitelist";

-- Move the post whitelists
INSERT INTO "AccessListEntry" ("id", "resourceKey", "wallet", "createdAt")
SELECT "id", 'post:' || "postId", "wallet", "createdAt" FROM "BlogWhitelist";

-- DropForeignKey
ALTER TABLE "QuickshareWhitelist" DROP CONSTRAINT "QuickshareWhitelist_shareId_fkey";

-- DropForeignKey
ALTER TABLE "BlogWhitelist" DROP CONSTRAINT "BlogWhitelist_postId_fkey";

-- DropTable
DROP TABLE "QuickshareWhitelist";

-- DropTable
DROP TABLE "BlogWhitelist";
