-- Every site gets a public site key (pk_…) for its widget, its secret stays where it is until the owner
-- rotates it (then only its SHA-256 is kept, in secretHash).
-- AlterTable
ALTER TABLE "Site" ADD COLUMN     "secretHash" TEXT,
ADD COLUMN     "siteKey" TEXT,
ALTER COLUMN "verifyToken" DROP NOT NULL;

-- Backfill: existing sites get a key now.
UPDATE "Site" SET "siteKey" = 'pk_' || md5(random()::text || clock_timestamp()::text || "id") WHERE "siteKey" IS NULL;
ALTER TABLE "Site" ALTER COLUMN "siteKey" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Site_siteKey_key" ON "Site"("siteKey");

-- CreateIndex
CREATE UNIQUE INDEX "Site_secretHash_key" ON "Site"("secretHash");
