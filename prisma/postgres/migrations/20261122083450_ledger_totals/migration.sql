-- CreateTable
CREATE TABLE "LedgerTotal" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "subkind" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 0,
    "amountAtomic" BIGINT NOT NULL DEFAULT 0,
    "protocolFeeAtomic" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "LedgerTotal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LedgerTotal_network_idx" ON "LedgerTotal"("network");

-- Backfill the running totals from the rows already in the ledger.
INSERT INTO "LedgerTotal" ("id", "network", "type", "subkind", "count", "amountAtomic", "protocolFeeAtomic")
SELECT "network" || ':' || "type" || ':' || COALESCE("subkind", ''), "network", "type", COALESCE("subkind", ''),
       COUNT(*), COALESCE(SUM("amountAtomic"), 0), COALESCE(SUM("protocolFeeAtomic"), 0)
FROM "LedgerActivity"
GROUP BY "network", "type", COALESCE("subkind", '');
