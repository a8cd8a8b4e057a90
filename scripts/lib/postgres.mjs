// Finds the local PostgreSQL for the database tests, starting an installed cluster that is down.
import { existsSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { waitFor } from "./proc.mjs";

export const TEST_PG_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** "ready" | "not-installed"; throws when PostgreSQL is installed but cannot be started. */
export async function ensurePostgres(url = TEST_PG_URL) {
  if (await reachable(url)) return "ready";
  if (!existsSync("/etc/postgresql")) return "not-installed";
  for (const version of readdirSync("/etc/postgresql")) {
    try {
      execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], { stdio: "inherit" });
    } catch {
      // already running or another cluster: the reachability check below decides
    }
  }
  await waitFor(() => reachable(url), { timeoutMs: 30_000, what: `PostgreSQL at ${url}` });
  return "ready";
}
