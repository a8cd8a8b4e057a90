-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Owner" (
    "id" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Owner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PublisherProfile" (
    "id" TEXT NOT NULL,
    "ownerWallet" TEXT NOT NULL,
    "username" TEXT,
    "bio" TEXT,
    "avatarUrl" TEXT,
    "socials" TEXT NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PublisherProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginNonce" (
    "id" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "wallet" TEXT,
    "origin" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "LoginNonce_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuthSession" (
    "id" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "AuthSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Site" (
    "id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "faviconUrl" TEXT,
    "ogImageUrl" TEXT,
    "ownerWallet" TEXT NOT NULL,
    "feeWallet" TEXT,
    "verifyToken" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "verificationStatus" TEXT NOT NULL DEFAULT 'pending',
    "verificationSource" TEXT,
    "lastVerifiedAt" TIMESTAMP(3),
    "removedAt" TIMESTAMP(3),
    "hosted" BOOLEAN NOT NULL DEFAULT false,
    "blogActive" BOOLEAN NOT NULL DEFAULT false,
    "blogName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SiteOwnerWallet" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'owner',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SiteOwnerWallet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DomainClaimBinding" (
    "id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "siteId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DomainClaimBinding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Content" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "imageUrl" TEXT NOT NULL DEFAULT '',
    "contentType" TEXT NOT NULL DEFAULT 'article',
    "tags" TEXT NOT NULL DEFAULT '',
    "tagsTentative" BOOLEAN NOT NULL DEFAULT false,
    "url" TEXT NOT NULL DEFAULT '',
    "path" TEXT NOT NULL DEFAULT '',
    "currency" TEXT NOT NULL DEFAULT 'USDC',
    "priceAtomic" BIGINT NOT NULL DEFAULT 0,
    "recipientWallet" TEXT,
    "accessPolicy" TEXT NOT NULL DEFAULT 'paid',
    "unlockPolicy" TEXT NOT NULL DEFAULT 'one_time',
    "contentHash" TEXT,
    "searchText" TEXT NOT NULL DEFAULT '',
    "views" INTEGER NOT NULL DEFAULT 0,
    "unlocks" INTEGER NOT NULL DEFAULT 0,
    "revenueAtomic" BIGINT NOT NULL DEFAULT 0,
    "ratingsCount" INTEGER NOT NULL DEFAULT 0,
    "ratingSum" INTEGER NOT NULL DEFAULT 0,
    "reputationScore" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastSeenAt" TIMESTAMP(3),

    CONSTRAINT "Content_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WidgetEvent" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "contentId" TEXT,
    "actor" TEXT,
    "url" TEXT NOT NULL DEFAULT '',
    "path" TEXT NOT NULL DEFAULT '',
    "origin" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WidgetEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DailyMetric" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL DEFAULT '',
    "day" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "unlocks" INTEGER NOT NULL DEFAULT 0,
    "payments" INTEGER NOT NULL DEFAULT 0,
    "ratings" INTEGER NOT NULL DEFAULT 0,
    "revenueAtomic" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "DailyMetric_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "chainId" INTEGER NOT NULL,
    "rail" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "resourceId" TEXT NOT NULL,
    "siteId" TEXT,
    "payer" TEXT NOT NULL,
    "payTo" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "amountAtomic" BIGINT NOT NULL,
    "feeAtomic" BIGINT NOT NULL DEFAULT 0,
    "nonce" TEXT,
    "txHash" TEXT,
    "validAfter" BIGINT,
    "validBefore" BIGINT,
    "signature" TEXT,
    "authorization" TEXT,
    "batchId" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Receipt" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "paymentProvider" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT true,
    "contentId" TEXT,
    "recipient" TEXT NOT NULL,
    "amountAtomic" BIGINT NOT NULL,
    "revenueAtomic" BIGINT NOT NULL,
    "protocolFeeAtomic" BIGINT,
    "currency" TEXT NOT NULL DEFAULT 'USDC',
    "payer" TEXT,
    "txHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Receipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SettlementBatch" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "txHash" TEXT,
    "itemCount" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submittedAt" TIMESTAMP(3),
    "confirmedAt" TIMESTAMP(3),

    CONSTRAINT "SettlementBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeaderLock" (
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeaderLock_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "LedgerActivity" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "subkind" TEXT,
    "sourceKey" TEXT,
    "websiteId" TEXT,
    "actor" TEXT,
    "contentId" TEXT,
    "contentTitle" TEXT,
    "contentUrl" TEXT,
    "domain" TEXT,
    "timestamp" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "amountAtomic" BIGINT NOT NULL DEFAULT 0,
    "revenueAtomic" BIGINT NOT NULL DEFAULT 0,
    "protocolFeeAtomic" BIGINT,
    "currency" TEXT NOT NULL DEFAULT 'USDC',
    "txHash" TEXT,
    "paymentProvider" TEXT,
    "receiptUrl" TEXT,
    "payerWallet" TEXT,
    "recipientWallet" TEXT,
    "walletAddress" TEXT,
    "paymentId" TEXT,
    "chainId" INTEGER,
    "status" TEXT,
    "score" INTEGER,
    "proofType" TEXT,
    "proof" TEXT,

    CONSTRAINT "LedgerActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Quickshare" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "ownerWallet" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "summary" TEXT NOT NULL DEFAULT '',
    "contentType" TEXT NOT NULL DEFAULT 'article',
    "priceAtomic" BIGINT NOT NULL DEFAULT 0,
    "whitelistPriceAtomic" BIGINT,
    "currency" TEXT NOT NULL DEFAULT 'USDC',
    "publicAccess" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL DEFAULT 'active',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "viewCount" INTEGER NOT NULL DEFAULT 0,
    "unlockCount" INTEGER NOT NULL DEFAULT 0,
    "revenueAtomic" BIGINT NOT NULL DEFAULT 0,
    "bodyStorageRef" TEXT,
    "bodyWrappedKey" TEXT,
    "bodySize" INTEGER,
    "contentHash" TEXT,
    "coverStorageRef" TEXT,
    "previewRef" TEXT,
    "legacyUrl" TEXT,

    CONSTRAINT "Quickshare_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuickshareWhitelist" (
    "id" TEXT NOT NULL,
    "shareId" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuickshareWhitelist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuickshareEvent" (
    "id" TEXT NOT NULL,
    "shareId" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "wallet" TEXT,
    "amountAtomic" BIGINT NOT NULL DEFAULT 0,
    "feeAtomic" BIGINT,
    "txHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QuickshareEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Media" (
    "id" TEXT NOT NULL,
    "ownerWallet" TEXT NOT NULL,
    "resourceType" TEXT NOT NULL,
    "resourceId" TEXT,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "storageRef" TEXT NOT NULL,
    "wrappedKey" TEXT,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "fileName" TEXT NOT NULL DEFAULT '',
    "previewRef" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Entitlement" (
    "id" TEXT NOT NULL,
    "resourceKey" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "source" TEXT NOT NULL DEFAULT 'payment',
    "paymentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Entitlement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tip" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "contentUrl" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "siteId" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "amountAtomic" BIGINT NOT NULL,
    "refundedAtomic" BIGINT NOT NULL DEFAULT 0,
    "feeAtomic" BIGINT,
    "feeBps" INTEGER,
    "payer" TEXT NOT NULL,
    "recipient" TEXT,
    "payTo" TEXT NOT NULL,
    "rail" TEXT NOT NULL,
    "txHash" TEXT,
    "boxAddress" TEXT,
    "releaseTx" TEXT,
    "refundTx" TEXT,
    "paymentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "releasedAt" TIMESTAMP(3),
    "refundedAt" TIMESTAMP(3),

    CONSTRAINT "Tip_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RefundNonce" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "payer" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefundNonce_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rating" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "value" INTEGER NOT NULL,
    "contentHash" TEXT NOT NULL,
    "reviewHash" TEXT,
    "unlockRef" TEXT,
    "txHash" TEXT,
    "proof" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BlogPost" (
    "id" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'article',
    "title" TEXT NOT NULL DEFAULT '',
    "summary" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "priceAtomic" BIGINT NOT NULL DEFAULT 0,
    "tier" TEXT NOT NULL DEFAULT 'public',
    "publicAccess" BOOLEAN NOT NULL DEFAULT true,
    "currency" TEXT NOT NULL DEFAULT 'USDC',
    "bodyStorageRef" TEXT,
    "bodyWrappedKey" TEXT,
    "contentHash" TEXT,
    "coverUrl" TEXT,
    "externalVideoUrl" TEXT,
    "tags" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "publishedAt" TIMESTAMP(3),

    CONSTRAINT "BlogPost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BlogWhitelist" (
    "id" TEXT NOT NULL,
    "postId" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BlogWhitelist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BlogLinkToken" (
    "id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "siteId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "BlogLinkToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Owner_wallet_key" ON "Owner"("wallet");

-- CreateIndex
CREATE UNIQUE INDEX "PublisherProfile_ownerWallet_key" ON "PublisherProfile"("ownerWallet");

-- CreateIndex
CREATE INDEX "PublisherProfile_username_idx" ON "PublisherProfile"("username");

-- CreateIndex
CREATE UNIQUE INDEX "LoginNonce_nonce_key" ON "LoginNonce"("nonce");

-- CreateIndex
CREATE INDEX "LoginNonce_expiresAt_idx" ON "LoginNonce"("expiresAt");

-- CreateIndex
CREATE INDEX "AuthSession_wallet_idx" ON "AuthSession"("wallet");

-- CreateIndex
CREATE INDEX "AuthSession_expiresAt_idx" ON "AuthSession"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Site_domain_key" ON "Site"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "Site_verifyToken_key" ON "Site"("verifyToken");

-- CreateIndex
CREATE INDEX "Site_ownerWallet_idx" ON "Site"("ownerWallet");

-- CreateIndex
CREATE INDEX "Site_verified_removedAt_idx" ON "Site"("verified", "removedAt");

-- CreateIndex
CREATE INDEX "Site_hosted_blogActive_idx" ON "Site"("hosted", "blogActive");

-- CreateIndex
CREATE INDEX "SiteOwnerWallet_wallet_idx" ON "SiteOwnerWallet"("wallet");

-- CreateIndex
CREATE UNIQUE INDEX "SiteOwnerWallet_siteId_wallet_key" ON "SiteOwnerWallet"("siteId", "wallet");

-- CreateIndex
CREATE UNIQUE INDEX "DomainClaimBinding_domain_key" ON "DomainClaimBinding"("domain");

-- CreateIndex
CREATE INDEX "Content_network_createdAt_idx" ON "Content"("network", "createdAt");

-- CreateIndex
CREATE INDEX "Content_network_unlocks_idx" ON "Content"("network", "unlocks");

-- CreateIndex
CREATE INDEX "Content_network_views_idx" ON "Content"("network", "views");

-- CreateIndex
CREATE INDEX "Content_network_revenueAtomic_idx" ON "Content"("network", "revenueAtomic");

-- CreateIndex
CREATE INDEX "Content_network_reputationScore_idx" ON "Content"("network", "reputationScore");

-- CreateIndex
CREATE INDEX "Content_network_contentType_idx" ON "Content"("network", "contentType");

-- CreateIndex
CREATE INDEX "Content_network_url_idx" ON "Content"("network", "url");

-- CreateIndex
CREATE INDEX "Content_network_contentHash_idx" ON "Content"("network", "contentHash");

-- CreateIndex
CREATE INDEX "Content_siteId_idx" ON "Content"("siteId");

-- CreateIndex
CREATE UNIQUE INDEX "Content_network_siteId_externalId_key" ON "Content"("network", "siteId", "externalId");

-- CreateIndex
CREATE INDEX "WidgetEvent_network_siteId_createdAt_idx" ON "WidgetEvent"("network", "siteId", "createdAt");

-- CreateIndex
CREATE INDEX "WidgetEvent_network_createdAt_idx" ON "WidgetEvent"("network", "createdAt");

-- CreateIndex
CREATE INDEX "DailyMetric_network_day_idx" ON "DailyMetric"("network", "day");

-- CreateIndex
CREATE UNIQUE INDEX "DailyMetric_network_siteId_contentId_day_key" ON "DailyMetric"("network", "siteId", "contentId", "day");

-- CreateIndex
CREATE INDEX "Payment_network_status_createdAt_idx" ON "Payment"("network", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_network_payer_status_idx" ON "Payment"("network", "payer", "status");

-- CreateIndex
CREATE INDEX "Payment_resourceType_resourceId_payer_idx" ON "Payment"("resourceType", "resourceId", "payer");

-- CreateIndex
CREATE INDEX "Payment_batchId_idx" ON "Payment"("batchId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_chainId_payer_nonce_key" ON "Payment"("chainId", "payer", "nonce");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_chainId_txHash_key" ON "Payment"("chainId", "txHash");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_paymentId_key" ON "Receipt"("paymentId");

-- CreateIndex
CREATE INDEX "Receipt_network_createdAt_idx" ON "Receipt"("network", "createdAt");

-- CreateIndex
CREATE INDEX "Receipt_contentId_idx" ON "Receipt"("contentId");

-- CreateIndex
CREATE INDEX "SettlementBatch_network_status_idx" ON "SettlementBatch"("network", "status");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerActivity_sourceKey_key" ON "LedgerActivity"("sourceKey");

-- CreateIndex
CREATE INDEX "LedgerActivity_network_timestamp_idx" ON "LedgerActivity"("network", "timestamp");

-- CreateIndex
CREATE INDEX "LedgerActivity_network_type_timestamp_idx" ON "LedgerActivity"("network", "type", "timestamp");

-- CreateIndex
CREATE INDEX "LedgerActivity_network_domain_timestamp_idx" ON "LedgerActivity"("network", "domain", "timestamp");

-- CreateIndex
CREATE INDEX "LedgerActivity_network_type_domain_timestamp_idx" ON "LedgerActivity"("network", "type", "domain", "timestamp");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyRecord_key_key" ON "IdempotencyRecord"("key");

-- CreateIndex
CREATE INDEX "IdempotencyRecord_expiresAt_idx" ON "IdempotencyRecord"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Quickshare_slug_key" ON "Quickshare"("slug");

-- CreateIndex
CREATE INDEX "Quickshare_ownerWallet_createdAt_idx" ON "Quickshare"("ownerWallet", "createdAt");

-- CreateIndex
CREATE INDEX "Quickshare_network_status_expiresAt_idx" ON "Quickshare"("network", "status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "QuickshareWhitelist_shareId_wallet_key" ON "QuickshareWhitelist"("shareId", "wallet");

-- CreateIndex
CREATE INDEX "QuickshareEvent_shareId_createdAt_idx" ON "QuickshareEvent"("shareId", "createdAt");

-- CreateIndex
CREATE INDEX "QuickshareEvent_network_createdAt_idx" ON "QuickshareEvent"("network", "createdAt");

-- CreateIndex
CREATE INDEX "QuickshareEvent_network_kind_createdAt_idx" ON "QuickshareEvent"("network", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "Media_resourceType_resourceId_kind_position_idx" ON "Media"("resourceType", "resourceId", "kind", "position");

-- CreateIndex
CREATE INDEX "Media_ownerWallet_createdAt_idx" ON "Media"("ownerWallet", "createdAt");

-- CreateIndex
CREATE INDEX "Entitlement_wallet_idx" ON "Entitlement"("wallet");

-- CreateIndex
CREATE UNIQUE INDEX "Entitlement_resourceKey_wallet_key" ON "Entitlement"("resourceKey", "wallet");

-- CreateIndex
CREATE INDEX "Tip_network_domain_status_idx" ON "Tip"("network", "domain", "status");

-- CreateIndex
CREATE INDEX "Tip_network_payer_domain_status_idx" ON "Tip"("network", "payer", "domain", "status");

-- CreateIndex
CREATE INDEX "Tip_network_status_createdAt_idx" ON "Tip"("network", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Tip_network_recipient_idx" ON "Tip"("network", "recipient");

-- CreateIndex
CREATE UNIQUE INDEX "Tip_network_txHash_key" ON "Tip"("network", "txHash");

-- CreateIndex
CREATE UNIQUE INDEX "RefundNonce_network_payer_nonce_key" ON "RefundNonce"("network", "payer", "nonce");

-- CreateIndex
CREATE INDEX "Rating_network_createdAt_idx" ON "Rating"("network", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Rating_network_contentId_wallet_key" ON "Rating"("network", "contentId", "wallet");

-- CreateIndex
CREATE UNIQUE INDEX "Rating_network_txHash_key" ON "Rating"("network", "txHash");

-- CreateIndex
CREATE INDEX "BlogPost_siteId_status_publishedAt_idx" ON "BlogPost"("siteId", "status", "publishedAt");

-- CreateIndex
CREATE UNIQUE INDEX "BlogPost_siteId_slug_key" ON "BlogPost"("siteId", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "BlogWhitelist_postId_wallet_key" ON "BlogWhitelist"("postId", "wallet");

-- CreateIndex
CREATE UNIQUE INDEX "BlogLinkToken_token_key" ON "BlogLinkToken"("token");

-- AddForeignKey
ALTER TABLE "PublisherProfile" ADD CONSTRAINT "PublisherProfile_ownerWallet_fkey" FOREIGN KEY ("ownerWallet") REFERENCES "Owner"("wallet") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteOwnerWallet" ADD CONSTRAINT "SiteOwnerWallet_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Content" ADD CONSTRAINT "Content_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "SettlementBatch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuickshareWhitelist" ADD CONSTRAINT "QuickshareWhitelist_shareId_fkey" FOREIGN KEY ("shareId") REFERENCES "Quickshare"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuickshareEvent" ADD CONSTRAINT "QuickshareEvent_shareId_fkey" FOREIGN KEY ("shareId") REFERENCES "Quickshare"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "Content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlogPost" ADD CONSTRAINT "BlogPost_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlogWhitelist" ADD CONSTRAINT "BlogWhitelist_postId_fkey" FOREIGN KEY ("postId") REFERENCES "BlogPost"("id") ON DELETE CASCADE ON UPDATE CASCADE;
