-- AlterTable
ALTER TABLE "Receipt" ADD COLUMN     "resourceUrl" TEXT;
