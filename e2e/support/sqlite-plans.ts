import Database from "better-sqlite3";
import { expect } from "vitest";

/**
 * Runs `check` on a new read-only connection to the SQLite file three times: with the planner's
 * statistics as a full ANALYZE leaves them (STAT4 samples included: an operator's ANALYZE in the sqlite3
 * shell), as the hub keeps them (row counts, no samples: lib/db-core.ts), and with none (a new database,
 * or one that grew since its last optimize). A connection reads the statistics when it loads the schema,
 * hence a new one each time.
 */
export function withAndWithoutStatistics(file: string, check: (fresh: Database.Database) => void): void {
  const onFresh = () => {
    const fresh = new Database(file, { readonly: true });
    try {
      check(fresh);
    } finally {
      fresh.close();
    }
  };
  const raw = new Database(file);
  try {
    raw.exec("ANALYZE");
    expect((raw.prepare("SELECT COUNT(*) AS n FROM sqlite_stat4").get() as { n: number }).n).toBeGreaterThan(0);
    onFresh();
    raw.exec("DELETE FROM sqlite_stat4");
    onFresh();
    for (const { name } of raw.prepare(`SELECT "name" FROM sqlite_master WHERE "name" LIKE 'sqlite_stat%'`).all() as Array<{ name: string }>) raw.exec(`DELETE FROM "${name}"`);
    onFresh();
  } finally {
    raw.close();
  }
}

/** The lines of `EXPLAIN QUERY PLAN` for `sql` with `values` (Dates as SQLite's driver binds them: milliseconds). */
export function queryPlan(db: Database.Database, sql: { sql: string; values: unknown[] }): string[] {
  return db
    .prepare(`EXPLAIN QUERY PLAN ${sql.sql}`)
    .all(...sql.values.map((value) => (value instanceof Date ? value.getTime() : value)))
    .map((r) => (r as { detail: string }).detail);
}
