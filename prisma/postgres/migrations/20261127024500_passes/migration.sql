-- CreateTable
CREATE TABLE "PassOffer" (
    "id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "priceAtomic" BIGINT NOT NULL,
    "durationDays" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PassOffer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pass" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Pass_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PassPurchase" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "passId" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "amountAtomic" BIGINT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PassPurchase_pkey" PRIMARY KEY ("id")
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
