-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Site" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "domain" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "faviconUrl" TEXT,
    "ogImageUrl" TEXT,
    "ownerWallet" TEXT NOT NULL,
    "feeWallet" TEXT,
    "siteKey" TEXT NOT NULL,
    "secretHash" TEXT,
    "verifyToken" TEXT,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "verificationStatus" TEXT NOT NULL DEFAULT 'pending',
    "verificationSource" TEXT,
    "lastVerifiedAt" DATETIME,
    "removedAt" DATETIME,
    "hosted" BOOLEAN NOT NULL DEFAULT false,
    "blogActive" BOOLEAN NOT NULL DEFAULT false,
    "blogName" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
-- Backfill: every existing site gets a public site key (pk_…) for its widget, its secret stays where it
-- is until the owner rotates it (then only its SHA-256 is kept, in secretHash).
INSERT INTO "new_Site" ("blogActive", "blogName", "createdAt", "description", "domain", "faviconUrl", "feeWallet", "hosted", "id", "lastVerifiedAt", "name", "ogImageUrl", "ownerWallet", "removedAt", "updatedAt", "verificationSource", "verificationStatus", "verified", "verifyToken", "siteKey") SELECT "blogActive", "blogName", "createdAt", "description", "domain", "faviconUrl", "feeWallet", "hosted", "id", "lastVerifiedAt", "name", "ogImageUrl", "ownerWallet", "removedAt", "updatedAt", "verificationSource", "verificationStatus", "verified", "verifyToken", 'pk_' || lower(hex(randomblob(16))) FROM "Site";
DROP TABLE "Site";
ALTER TABLE "new_Site" RENAME TO "Site";
CREATE UNIQUE INDEX "Site_domain_key" ON "Site"("domain");
CREATE UNIQUE INDEX "Site_siteKey_key" ON "Site"("siteKey");
CREATE UNIQUE INDEX "Site_secretHash_key" ON "Site"("secretHash");
CREATE UNIQUE INDEX "Site_verifyToken_key" ON "Site"("verifyToken");
CREATE INDEX "Site_ownerWallet_idx" ON "Site"("ownerWallet");
CREATE INDEX "Site_verified_removedAt_idx" ON "Site"("verified", "removedAt");
CREATE INDEX "Site_hosted_blogActive_idx" ON "Site"("hosted", "blogActive");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
