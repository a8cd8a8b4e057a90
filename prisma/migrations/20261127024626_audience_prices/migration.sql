-- AlterTable
ALTER TABLE "Quickshare" ADD COLUMN "audiencePolicy" TEXT;

-- AlterTable
ALTER TABLE "BlogPost" ADD COLUMN "audiencePolicy" TEXT;
