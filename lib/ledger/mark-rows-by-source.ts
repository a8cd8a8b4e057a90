import "server-only";
import { type DbOrTx, sqliteIndexed } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";

/** What a settled (or failed) batch writes on its ledger rows. */
type Mark = { status: string; txHash?: string };

/**
 * The statement that gives the ledger rows of many sources (`payment:<id>`, …) a status and a
 * transaction hash. On SQLite it names the sourceKey index: SQLite plans an IN list on that unique index
 * from the row counts ANALYZE wrote, and the rows without a sourceKey (a share's views, added up) count
 * there as one key shared by all of them. Where most rows have none, a full ANALYZE's counts
 * ("1000000 1000000") made two keys or more cost more than the table, and a settled batch's list scanned
 * the whole ledger: 37.8 ms at 1,000,000 rows against 14 µs by the index (bench/README.md, session 67),
 * inside the settler's transaction, which holds SQLite's one write lock. PostgreSQL plans the IN list on
 * its own statistics, which count no NULL as a key.
 */
export function markRowsBySourceSql(sourceKeys: readonly string[], { status, txHash }: Mark): Prisma.Sql {
  const table = sqliteIndexed(Prisma.sql`"LedgerActivity"`, "LedgerActivity_sourceKey_key");
  const hash = txHash === undefined ? Prisma.empty : Prisma.sql`, "txHash" = ${txHash}`;
  return Prisma.sql`UPDATE ${table} SET "status" = ${status}${hash} WHERE "sourceKey" IN (${Prisma.join(sourceKeys)})`;
}

/** `markRowsBySourceSql`, run: how many rows it changed (none for an empty list). */
export async function markRowsBySource(client: DbOrTx, sourceKeys: readonly string[], mark: Mark): Promise<number> {
  if (sourceKeys.length === 0) return 0;
  return client.$executeRaw(markRowsBySourceSql(sourceKeys, mark));
}
