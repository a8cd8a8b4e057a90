import "server-only";
import { randomInt } from "node:crypto";
import type { DbOrTx } from "@/lib/db";

/** Rows per (network, type, subkind) in LedgerTotal: a kind's total is the sum of its rows. */
const LEDGER_TOTAL_SHARDS = 16;

/** What one write adds to the ledger's running totals: `count` rows of one kind and their sums. */
export type LedgerDelta = { network: string; type: string; subkind: string; count: number; amountAtomic: bigint; protocolFeeAtomic: bigint };

/**
 * Moves the maintained counters that application writes own, inside the caller's transaction so the
 * counters change exactly when the rows they count do: today the ledger's running totals (LedgerTotal),
 * which `ledgerSums` reads for GET /hub/ledger's totals and GET /hub/stats. (Content counts, ContentCount,
 * move by database triggers, as they have many writers including cascades.) One INSERT … ON CONFLICT
 * into one of a kind's LEDGER_TOTAL_SHARDS rows picked at random, so concurrent transactions rarely
 * wait on one row lock (PostgreSQL); readers sum a kind's rows. `recountCounters` proves them against
 * a recount (`npm run ops -- counters`).
 */
export async function bumpCounters(client: DbOrTx, { ledger }: { ledger: LedgerDelta }): Promise<void> {
  const id = `${ledger.network}:${ledger.type}:${ledger.subkind}:${randomInt(LEDGER_TOTAL_SHARDS)}`;
  await client.$executeRaw`
    INSERT INTO "LedgerTotal" ("id", "network", "type", "subkind", "count", "amountAtomic", "protocolFeeAtomic")
    VALUES (${id}, ${ledger.network}, ${ledger.type}, ${ledger.subkind}, ${ledger.count}, ${ledger.amountAtomic}, ${ledger.protocolFeeAtomic})
    ON CONFLICT ("id") DO UPDATE SET
      "count" = "LedgerTotal"."count" + excluded."count",
      "amountAtomic" = "LedgerTotal"."amountAtomic" + excluded."amountAtomic",
      "protocolFeeAtomic" = "LedgerTotal"."protocolFeeAtomic" + excluded."protocolFeeAtomic"`;
}
