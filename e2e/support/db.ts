// Direct database access for tests that seed fixtures or assert "nothing was recorded".
import { createDb, type Db } from "../../lib/db-core";
import { retryWhile } from "../../lib/retry-while";

let client: Db | undefined;
export function testDb(): Db {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the API tests through scripts/test.mjs");
  client ??= createDb(url);
  return client;
}

/** PostgreSQL's "deadlock detected" (40P01), however Prisma's driver adapter wraps it. */
function isDeadlock(err: unknown): boolean {
  const text = `${(err as { code?: unknown })?.code ?? ""} ${err instanceof Error ? err.message : String(err)}`;
  return /40P01|deadlock detected/i.test(text);
}

/**
 * Deletes the sites `ids` with their events and counters (content, owner wallets and posts
 * cascade). A cascade locks rows in another order than the hub's own counter writes, so on
 * PostgreSQL it can lose a deadlock to a request still running; it is retried, as the database
 * advises, instead of leaving a site behind for the next suite to see.
 */
export async function removeSites(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await retryWhile(isDeadlock, async () => {
    await db.widgetEvent.deleteMany({ where: { siteId: { in: ids } } });
    await db.dailyMetric.deleteMany({ where: { siteId: { in: ids } } });
    await db.site.deleteMany({ where: { id: { in: ids } } });
  });
}
