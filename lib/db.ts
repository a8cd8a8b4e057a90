import "server-only";
import { env } from "@/lib/env";
import { createDb, type Db, isPostgresUrl } from "@/lib/db-core";
import { BACKGROUND_CHECKPOINTS_ENV } from "@/lib/db-wal-settings.mjs";
import { noteWrite } from "@/lib/log/request-context";

export type { Db, DbOrTx, Tx } from "@/lib/db-core";

type DbCache = { url: string; client: Db };
const globalCache = globalThis as typeof globalThis & { __hubDb?: DbCache };

/**
 * The process's PrismaClient for env.DATABASE_URL (SQLite for file:…, PostgreSQL for
 * postgres://…). Created on first use and kept on globalThis so dev hot reload does not open a
 * new connection pool per edit.
 */
export function getDb(): Db {
  const url = env.DATABASE_URL;
  const cached = globalCache.__hubDb;
  if (cached?.url === url) return cached.client;
  // Each statement that may write marks the request it serves (the route wrapper's read cache).
  // Under server.mjs a thread checkpoints this SQLite database's WAL, so commits do not (server.mjs names
  // the database URL it resolved as lib/env.ts does; not an operator's setting).
  const client = createDb(url, { onWrite: noteWrite, backgroundCheckpoints: process.env[BACKGROUND_CHECKPOINTS_ENV] === url });
  globalCache.__hubDb = { url, client };
  return client;
}

/**
 * The database client. Lazy: importing this module opens nothing and reads no configuration, so
 * builds and modules that never query stay free of a database. Writes that touch more than one
 * table go through `db.$transaction(async (tx) => …)` and use only `tx` inside.
 */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const client = getDb();
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** True when the hub runs on PostgreSQL (false: SQLite). */
export function isPostgres(): boolean {
  return isPostgresUrl(env.DATABASE_URL);
}
