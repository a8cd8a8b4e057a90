-- AlterTable
ALTER TABLE "BlogPost" ADD COLUMN     "whitelistPriceAtomic" BIGINT;
