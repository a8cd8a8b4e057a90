import "server-only";
import { clusterWriteLock } from "@/lib/cluster/write-lock";
import { env } from "@/lib/env";
import { createDb, type Db, isPostgresUrl } from "@/lib/db-core";
import { BACKGROUND_CHECKPOINTS_ENV } from "@/lib/db-wal-settings.mjs";
import { Prisma } from "@/lib/generated/sqlite/client";
import { noteWrite } from "@/lib/log/request-context";

export type { Db, DbOrTx, Tx } from "@/lib/db-core";

type DbCache = { url: string; client: Db };
const globalCache = globalThis as typeof globalThis & { __hubDb?: DbCache; __hubBackgroundDb?: DbCache };

/**
 * The process's PrismaClient for env.DATABASE_URL (SQLite for file:…, PostgreSQL for
 * postgres://…). Created on first use and kept on globalThis so dev hot reload does not open a
 * new connection pool per edit.
 */
export function getDb(): Db {
  // Each statement that may write marks the request it serves (the route wrapper's read cache).
  // Under server.mjs a thread checkpoints this SQLite database's WAL, so commits do not (server.mjs names
  // the database URL it resolved as lib/env.ts does; not an operator's setting). A worker of several
  // takes its turn at the SQLite file's write lock from the cluster's primary (lib/cluster/write-lock.ts).
  return cachedClient("__hubDb", requestClientOptions);
}
const requestClientOptions = (url: string) => ({ onWrite: noteWrite, backgroundCheckpoints: process.env[BACKGROUND_CHECKPOINTS_ENV] === url, writeLock: clusterWriteLock() });

/** The client kept in `slot` for env.DATABASE_URL, created with `options` when there is none for that URL. */
function cachedClient(slot: "__hubDb" | "__hubBackgroundDb", options: (url: string) => Parameters<typeof createDb>[1]): Db {
  const url = env.DATABASE_URL;
  const cached = globalCache[slot];
  if (cached?.url === url) return cached.client;
  const client = createDb(url, options(url));
  globalCache[slot] = { url, client };
  return client;
}

/**
 * The client of the background passes that must keep time whatever the requests do: the leases of the
 * singletons (lib/x402/acquire-leader-lock.ts) and the Gateway deposit index's follower, whose readings
 * age past GATEWAY_INDEX_MAX_LAG_MS when a pass runs late (every payment then reads the chain). On
 * PostgreSQL a pool of its own (BACKGROUND_POOL_SIZE connections), so a pass does not wait for a
 * connection behind the requests' transactions on a busy hub (bench/README.md, session 41); on SQLite
 * the process's one client, whose one connection serves everything in turn.
 */
export function getBackgroundDb(): Db {
  if (!isPostgresUrl(env.DATABASE_URL)) return getDb();
  return cachedClient("__hubBackgroundDb", backgroundClientOptions);
}
const backgroundClientOptions = () => ({ onWrite: noteWrite, poolSize: BACKGROUND_POOL_SIZE });

/** Connections of the background passes' pool (PostgreSQL), beside the requests' pool. */
const BACKGROUND_POOL_SIZE = 2;

/** A client created on first use: importing this module opens nothing and reads no configuration. */
function lazyClient(get: () => Db): Db {
  return new Proxy({} as Db, {
    get(_target, property) {
      const client = get();
      const value: unknown = Reflect.get(client, property, client);
      return typeof value === "function" ? value.bind(client) : value;
    },
  });
}

/**
 * The database client. Lazy: importing this module opens nothing and reads no configuration, so
 * builds and modules that never query stay free of a database. Writes that touch more than one
 * table go through `db.$transaction(async (tx) => …)` and use only `tx` inside.
 */
export const db: Db = lazyClient(getDb);

/** The background passes' client (getBackgroundDb), as lazy as `db`. */
export const backgroundDb: Db = lazyClient(getBackgroundDb);

/** Closes both clients' connections (a script's end). */
export async function disconnectDbs(): Promise<void> {
  await Promise.all([globalCache.__hubDb?.client.$disconnect(), globalCache.__hubBackgroundDb?.client.$disconnect()]);
}

/** True when the hub runs on PostgreSQL (false: SQLite). */
export function isPostgres(): boolean {
  return isPostgresUrl(env.DATABASE_URL);
}

/**
 * `value` as a statement's parameter that SQLite's planner does not read: `+?` on SQLite (unary plus
 * leaves a value and its comparison's affinity as they are), the plain parameter on PostgreSQL.
 *
 * Why: with STAT4 samples in the database (a full ANALYZE writes them), when a statement compares an
 * indexed column with a bare parameter, the planner reads the bound value to estimate rows from the
 * samples, and marks the statement to be planned again whenever that parameter is bound. A kept
 * statement is bound on every run, so it was parsed and planned on every run: the sale's item lookup
 * cost 355–458 µs a call in the hub against 13 µs planned once (bench/README.md, sessions 48 and 49).
 * Since session 67 the hub keeps no samples (lib/db-core.ts `ANALYSIS_LIMIT`); this still holds the
 * money path's lookups to one plan if someone runs a full ANALYZE while the hub runs. Only for
 * statements whose plan must not depend on the value anyway (lookups by a key). Without the values SQLite
 * plans from the indexes' shapes alone and may take another index (the payer's owed sum took one that
 * walks the payer's whole history until its own index covered it): a statement that uses this has a
 * test of its plan, with statistics and without.
 */
export function unplannedValue(value: unknown): Prisma.Sql {
  return isPostgres() ? Prisma.sql`${value}` : Prisma.sql`+${value}`;
}

/**
 * A table `${table}` walked by the index named on SQLite (`INDEXED BY`), or by none (`"scan"`:
 * `NOT INDEXED`); the plain table on PostgreSQL, which plans alone. `table` is SQL: the table's name and
 * its alias. For a statement whose plan SQLite's row counts would get wrong (the callers say how).
 */
export function sqliteIndexed(table: Prisma.Sql, index: string | "scan"): Prisma.Sql {
  if (isPostgres()) return table;
  return index === "scan" ? Prisma.sql`${table} NOT INDEXED` : Prisma.sql`${table} INDEXED BY ${Prisma.raw(`"${index}"`)}`;
}
