-- CreateTable
CREATE TABLE "GatewayDeposit" (
    "chainId" INTEGER NOT NULL,
    "depositor" TEXT NOT NULL,
    "available" BIGINT NOT NULL,
    "withdrawing" BIGINT NOT NULL,
    "withdrawalBlock" BIGINT NOT NULL,
    "block" BIGINT NOT NULL,

    PRIMARY KEY ("chainId", "depositor")
);

-- CreateTable
CREATE TABLE "GatewayIndexHead" (
    "chainId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "block" BIGINT NOT NULL,
    "readAt" DATETIME NOT NULL,
    "sinceTime" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "GatewaySettledNonce" (
    "chainId" INTEGER NOT NULL,
    "payer" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "block" BIGINT NOT NULL,

    PRIMARY KEY ("chainId", "payer", "nonce")
);
