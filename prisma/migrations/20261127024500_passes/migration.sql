-- CreateTable
CREATE TABLE "PassOffer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "priceAtomic" BIGINT NOT NULL,
    "durationDays" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Pass" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "network" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PassPurchase" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "network" TEXT NOT NULL,
    "passId" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "amountAtomic" BIGINT NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "PassOffer_scope_key" ON "PassOffer"("scope");

-- CreateIndex
CREATE INDEX "Pass_network_siteId_idx" ON "Pass"("network", "siteId");

-- CreateIndex
CREATE UNIQUE INDEX "Pass_network_scope_wallet_key" ON "Pass"("network", "scope", "wallet");

-- CreateIndex
CREATE UNIQUE INDEX "PassPurchase_paymentId_key" ON "PassPurchase"("paymentId");

-- CreateIndex
CREATE INDEX "PassPurchase_network_siteId_createdAt_idx" ON "PassPurchase"("network", "siteId", "createdAt");
