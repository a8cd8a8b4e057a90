-- CreateTable
CREATE TABLE "GatewayDeposit" (
    "chainId" INTEGER NOT NULL,
    "depositor" TEXT NOT NULL,
    "available" BIGINT NOT NULL,
    "withdrawing" BIGINT NOT NULL,
    "withdrawalBlock" BIGINT NOT NULL,
    "block" BIGINT NOT NULL,

    CONSTRAINT "GatewayDeposit_pkey" PRIMARY KEY ("chainId","depositor")
);

-- CreateTable
CREATE TABLE "GatewayIndexHead" (
    "chainId" INTEGER NOT NULL,
    "block" BIGINT NOT NULL,
    "readAt" TIMESTAMP(3) NOT NULL,
    "sinceTime" BIGINT NOT NULL,

    CONSTRAINT "GatewayIndexHead_pkey" PRIMARY KEY ("chainId")
);

-- CreateTable
CREATE TABLE "GatewaySettledNonce" (
    "chainId" INTEGER NOT NULL,
    "payer" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "block" BIGINT NOT NULL,

    CONSTRAINT "GatewaySettledNonce_pkey" PRIMARY KEY ("chainId","payer","nonce")
);
