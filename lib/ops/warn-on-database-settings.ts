import "server-only";
import { backgroundDb, isPostgres } from "@/lib/db";
import { logger } from "@/lib/log/logger";

/** The warning's message, also what the API tests look for in the hub's log. */
export const AUTOVACUUM_OFF = "PostgreSQL runs with autovacuum off: the hub slows down as dead row versions pile up";

/**
 * Warns once at start when the database is set up in a way the hub is known to degrade under. One
 * today: PostgreSQL with `autovacuum = off`. Every sale rewrites its item's counters row and every
 * settlement its payments' rows, and those updates are never HOT (the columns are indexed), so without
 * vacuum each leaves a dead version that later statements step over: in a soak without it the settler's
 * claims slowed 0.12 → 0.44 s and 3,400 payments waited to settle after twenty minutes (bench/README.md,
 * session 55). Only the first worker warns; a failed check is logged and changes nothing.
 */
export async function warnOnDatabaseSettings(): Promise<void> {
  if (!isPostgres()) return;
  if ((process.env.HUB_WORKER_ID ?? "1") !== "1") return;
  try {
    const [row] = await backgroundDb.$queryRawUnsafe<Array<{ autovacuum: string }>>("SHOW autovacuum");
    if (row?.autovacuum !== "off") return;
    logger().warn(
      { setting: "autovacuum", value: "off" },
      `${AUTOVACUUM_OFF}; turn it on (autovacuum = on in postgresql.conf) or run VACUUM (ANALYZE) regularly (README, "Running on PostgreSQL")`,
    );
  } catch (err) {
    logger().warn({ err: (err as Error).message }, "could not read the database's settings");
  }
}
