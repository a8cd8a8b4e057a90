import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import { lruMemo } from "@/lib/lru-memo";

/** The content epoch (schema.prisma, ContentEpoch) as a scalar subquery: null if its row is missing. */
const EPOCH_SQL = Prisma.sql`SELECT "n" FROM "ContentEpoch" WHERE "id" = 1`;

type Num = bigint | number | string | null;

/**
 * Counts over the set of content (explore's text totals), kept under the content epoch they were
 * counted in. The epoch changes in the same transaction as every write that could change such a count
 * (prisma/migrations/*_content_epoch: a Content row added or deleted, its text, URL, network, type or site
 * changed, a site's verified flag or removal changed), so a count kept under the epoch a reader reads
 * now is the count a statement would give now, in any process: nothing is kept past a change, whatever
 * the read cache's bound. Counts, scores and dates of content do not move the epoch.
 * Kept per process, up to 1,000 filters (a number and its key each).
 */
const kept = lruMemo<number>(1_000);

/**
 * `count` (a scalar subquery) for the filter `key` names, and `beside` (another scalar subquery, read
 * whichever way the count is answered). The epoch and `beside` are read first, in one statement: with a
 * count kept under that epoch, that is all. Otherwise the count is made in one statement with the epoch
 * and `beside` (one snapshot, so the count is the one of the epoch it is kept under) and kept.
 */
export async function countKeptByEpoch(key: string, count: Prisma.Sql, beside: Prisma.Sql): Promise<{ count: number; beside: number }> {
  const [probe] = await db.$queryRaw<Array<{ e: Num; b: Num }>>`SELECT (${EPOCH_SQL}) AS "e", (${beside}) AS "b"`;
  const hit = probe?.e == null ? undefined : kept.peek(`${probe.e}\u0000${key}`);
  if (hit !== undefined) return { count: hit, beside: Number(probe?.b ?? 0) };
  const [row] = await db.$queryRaw<Array<{ n: Num; e: Num; b: Num }>>`SELECT (${count}) AS "n", (${EPOCH_SQL}) AS "e", (${beside}) AS "b"`;
  const n = Number(row?.n ?? 0);
  if (row?.e != null) kept.set(`${row.e}\u0000${key}`, n);
  return { count: n, beside: Number(row?.b ?? 0) };
}

/** The epoch now, as digits (the content sitemap's key); null if its row is missing. */
export async function contentEpoch(): Promise<string | null> {
  const [row] = await db.$queryRaw<Array<{ e: Num }>>`SELECT (${EPOCH_SQL}) AS "e"`;
  return row?.e == null ? null : String(row.e);
}
