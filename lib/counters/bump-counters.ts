import "server-only";
import { randomInt } from "node:crypto";
import type { DbOrTx } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";

/** Rows per (network, type, subkind) in LedgerTotal: a kind's total is the sum of its rows. */
const LEDGER_TOTAL_SHARDS = 16;

/**
 * The shard a transaction's bumps go to, fixed per client object (an interactive transaction's `tx`
 * is one object for its whole callback): a transaction that writes several ledger rows of one kind
 * (a flush of views) moves one row of that kind, so two such transactions cannot hold shards of one
 * kind in opposite orders and deadlock (PostgreSQL). A bump outside a transaction picks afresh.
 */
const shardOf = new WeakMap<object, number>();

/** What one write adds to the ledger's running totals: `count` rows of one kind and their sums. */
export type LedgerDelta = { network: string; type: string; subkind: string; count: number; amountAtomic: bigint; protocolFeeAtomic: bigint };

/**
 * Moves the maintained counters that application writes own, inside the caller's transaction so the
 * counters change exactly when the rows they count do: today the ledger's running totals (LedgerTotal),
 * which `ledgerSums` reads for GET /hub/ledger's totals and GET /hub/stats. (Content counts, ContentCount,
 * move by database triggers, as they have many writers including cascades.) One INSERT … ON CONFLICT
 * into one of a kind's LEDGER_TOTAL_SHARDS rows picked at random, so concurrent transactions rarely
 * wait on one row lock (PostgreSQL); readers sum a kind's rows. `recountCounters` proves them against
 * a recount (`npm run ops -- counters`). Counter rows are the last rows a money or count transaction
 * locks (docs/decisions.md, one lock order: entity rows, then DailyMetric, then LedgerTotal).
 */
export async function bumpCounters(client: DbOrTx, { ledger }: { ledger: LedgerDelta }): Promise<void> {
  await client.$executeRaw(countersStatement(client, { ledger }));
}

/** bumpCounters' one statement for `client`'s shard, for a caller that runs it with others (lib/db-one-trip.ts). */
export function countersStatement(client: DbOrTx, { ledger }: { ledger: LedgerDelta }): Prisma.Sql {
  let shard = shardOf.get(client);
  if (shard === undefined) {
    shard = randomInt(LEDGER_TOTAL_SHARDS);
    // A transaction's client has no $transaction (Prisma removes it); the process client does.
    if (typeof (client as { $transaction?: unknown }).$transaction !== "function") shardOf.set(client, shard);
  }
  const id = `${ledger.network}:${ledger.type}:${ledger.subkind}:${shard}`;
  return Prisma.sql`
    INSERT INTO "LedgerTotal" ("id", "network", "type", "subkind", "count", "amountAtomic", "protocolFeeAtomic")
    VALUES (${id}, ${ledger.network}, ${ledger.type}, ${ledger.subkind}, ${ledger.count}, ${ledger.amountAtomic}, ${ledger.protocolFeeAtomic})
    ON CONFLICT ("id") DO UPDATE SET
      "count" = "LedgerTotal"."count" + excluded."count",
      "amountAtomic" = "LedgerTotal"."amountAtomic" + excluded."amountAtomic",
      "protocolFeeAtomic" = "LedgerTotal"."protocolFeeAtomic" + excluded."protocolFeeAtomic"`;
}
