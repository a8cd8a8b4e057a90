-- CreateTable
CREATE TABLE "FacilitatorKey" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "FacilitatorKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FacilitatorKey_keyHash_key" ON "FacilitatorKey"("keyHash");

-- CreateIndex
CREATE INDEX "FacilitatorKey_siteId_idx" ON "FacilitatorKey"("siteId");

-- AddForeignKey
ALTER TABLE "FacilitatorKey" ADD CONSTRAINT "FacilitatorKey_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;
