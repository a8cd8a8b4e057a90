import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { createDb, type Db } from "@/lib/db-core";
import { stubHubEnv } from "./hub-env";
import { canConnect, dropDatabase, migrate, resetDatabase } from "@/scripts/lib/migrate.mjs";
import { TEST_PG_URL } from "@/scripts/lib/postgres.mjs";

export type UnitDatabase = { name: "sqlite" | "postgres"; url: string; enabled: boolean };

/**
 * The databases a unit test of SQL runs on: SQLite (hub.db in a temporary directory, `tmpDir`, which
 * the test may use for more files) and PostgreSQL (a schema of its own, hub_<name>_<pid>, on the local
 * server, TEST_POSTGRES_URL; `enabled` false, with a warning, when it does not answer).
 */
export async function unitDatabases(name: string) {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `hub-${name}-`));
  const postgresUrl = `${TEST_PG_URL}${TEST_PG_URL.includes("?") ? "&" : "?"}schema=hub_${name.replace(/-/g, "_")}_${process.pid}`;
  const postgresUp = await canConnect(postgresUrl);
  if (!postgresUp) console.warn(`PostgreSQL not reachable at ${TEST_PG_URL}: skipping the PostgreSQL half of ${name} tests`);
  const databases: UnitDatabase[] = [
    { name: "sqlite", url: `file:${path.join(tmpDir, "hub.db")}`, enabled: true },
    { name: "postgres", url: postgresUrl, enabled: postgresUp },
  ];
  /** A client of the database, reset and migrated. */
  const open = async ({ url }: UnitDatabase): Promise<Db> => {
    await resetDatabase({ databaseUrl: url });
    await migrate({ databaseUrl: url });
    return createDb(url);
  };
  /** The client disconnected, and a PostgreSQL schema dropped. */
  const close = async (database: UnitDatabase, db: Db | undefined) => {
    await db?.$disconnect();
    if (database.name === "postgres") await dropDatabase({ databaseUrl: database.url });
  };
  return {
    tmpDir,
    databases,
    open,
    close,
    /**
     * `open`, and the hub's modules made to use this database: loaded afresh from here on
     * (vi.resetModules) under a testnet configuration with its DATABASE_URL, plus `env`. For tests of
     * code that queries through lib/db's own client.
     */
    openForHub: async (database: UnitDatabase, env: Record<string, string> = {}): Promise<Db> => {
      const db = await open(database);
      vi.resetModules();
      stubHubEnv({ DATABASE_URL: database.url, DATA_DIR: tmpDir, NETWORK_MODE: "testnet", ...env });
      return db;
    },
    /** Undoes openForHub: the configuration stubs, lib/db's client, then `close`. */
    closeForHub: async (database: UnitDatabase, db: Db | undefined) => {
      vi.unstubAllEnvs();
      const { getDb } = await import("@/lib/db");
      await getDb().$disconnect();
      await close(database, db);
    },
    removeFiles: () => rmSync(tmpDir, { recursive: true, force: true }),
  };
}
