// Database targets, migrations and test resets for both providers.
//
// Plain ESM so that prisma.config.ts, Node scripts and test setup can all import it without a
// TypeScript loader. lib/db-core.ts mirrors describeDatabase() for the app.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_DATABASE_URL = "file:./data/hub.db";

/**
 * The database URL the hub serves with for `environment`: DATABASE_URL, else the SQLite file hub.db in
 * DATA_DIR (./data by default), as lib/env.ts resolves it.
 */
export function hubDatabaseUrl(environment) {
  return environment.DATABASE_URL ?? `file:${path.join(path.resolve(environment.DATA_DIR ?? "./data"), "hub.db")}`;
}

const PRISMA_CLI = path.join(repoRoot, "node_modules", "prisma", "build", "index.js");
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
const PG_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * @typedef {{
 *   provider: "sqlite";
 *   url: string;
 *   filePath: string;
 *   schemaPath: string;
 *   migrationsDir: string;
 * }} SqliteTarget
 * @typedef {{
 *   provider: "postgres";
 *   url: string;
 *   connectionString: string;
 *   pgSchema: string;
 *   host: string;
 *   schemaPath: string;
 *   migrationsDir: string;
 * }} PostgresTarget
 * @typedef {SqliteTarget | PostgresTarget} DatabaseTarget
 */

/** @param {string} url */
export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Which provider a DATABASE_URL selects, and where its schema and migrations live.
 * SQLite: `file:<path>` (relative paths resolve against the current directory, like Prisma's
 * own file URLs). PostgreSQL: `postgres://` or `postgresql://`; `?schema=name` selects a schema
 * other than `public` and is removed from the connection string handed to `pg`.
 * @param {string} url
 * @returns {DatabaseTarget}
 */
export function describeDatabase(url) {
  if (isPostgresUrl(url)) {
    const parsed = new URL(url);
    const pgSchema = parsed.searchParams.get("schema") || "public";
    if (!PG_IDENTIFIER.test(pgSchema)) throw new Error(`Invalid PostgreSQL schema name: ${pgSchema}`);
    parsed.searchParams.delete("schema");
    return {
      provider: "postgres",
      url,
      connectionString: parsed.toString(),
      pgSchema,
      host: parsed.hostname,
      schemaPath: path.join(repoRoot, "prisma", "postgres", "schema.prisma"),
      migrationsDir: path.join(repoRoot, "prisma", "postgres", "migrations"),
    };
  }
  if (!url.startsWith("file:")) {
    throw new Error("DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)");
  }
  const rawPath = url.slice("file:".length).replace(/^\/\/(?=\/)/, "").split("?")[0];
  if (!rawPath || rawPath === ":memory:") throw new Error("An in-memory SQLite database cannot be migrated or shared");
  return {
    provider: "sqlite",
    url,
    filePath: path.resolve(rawPath),
    schemaPath: path.join(repoRoot, "prisma", "schema.prisma"),
    migrationsDir: path.join(repoRoot, "prisma", "migrations"),
  };
}

/**
 * `pg` pool settings for a PostgreSQL target, as separate fields rather than a connection
 * string: PrismaPg creates its migration shadow database with `{ ...config, database }`, and a
 * connectionString would silently win over that `database` and replay migrations into the real
 * database. search_path selects the target's schema for unqualified statements.
 * @param {PostgresTarget} target
 */
export function pgPoolConfig(target) {
  const u = new URL(target.connectionString);
  const sslmode = u.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(u.hostname.replace(/^\[(.*)\]$/, "$1")) || "localhost",
    port: u.port ? Number(u.port) : 5432,
    user: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || undefined,
    ssl: sslmode && sslmode !== "disable" ? { rejectUnauthorized: sslmode === "verify-full" || sslmode === "verify-ca" } : undefined,
    options: `-c search_path="${target.pgSchema}"`,
  };
}

// Prisma 6.19's wasm schema engine leaves a 10 s timer (its migration-lock timeout) pending after
// `migrate deploy` on PostgreSQL, so the CLI idles 10 s before exiting. Unref timers the engine
// creates: they still fire while the engine is actually waiting on the database socket.
const UNREF_ENGINE_TIMERS = `data:text/javascript,${encodeURIComponent(`
const original = globalThis.setTimeout;
globalThis.setTimeout = function (fn, ms, ...args) {
  const timer = original(fn, ms, ...args);
  if (new Error().stack?.includes("wasm://")) timer.unref();
  return timer;
};`)}`;

/**
 * Runs the Prisma CLI of this repository with DATABASE_URL set, so prisma.config.ts picks the
 * matching schema and driver adapter.
 * @param {string[]} args
 * @param {{ databaseUrl?: string, quiet?: boolean }} [options]
 * @returns {Promise<string>} combined output
 */
export function runPrisma(args, { databaseUrl, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const child = spawn(process.execPath, ["--import", UNREF_ENGINE_TIMERS, PRISMA_CLI, ...args], {
      cwd: repoRoot,
      env,
    });
    let output = "";
    const collect = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      if (!quiet) process.stderr.write(chunk);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`prisma ${args.join(" ")} exited with ${code}\n${output}`));
    });
  });
}

/**
 * Applies every committed migration of the provider DATABASE_URL selects (`prisma migrate
 * deploy`). Creates the SQLite file's directory, or the PostgreSQL schema, first.
 * @param {{ databaseUrl: string, quiet?: boolean }} options
 */
export async function migrate({ databaseUrl, quiet = true }) {
  const target = describeDatabase(databaseUrl);
  if (target.provider === "sqlite") {
    mkdirSync(path.dirname(target.filePath), { recursive: true });
  } else {
    await withPg(target, (client) => client.query(`CREATE SCHEMA IF NOT EXISTS "${target.pgSchema}"`));
  }
  await runPrisma(["migrate", "deploy", "--schema", target.schemaPath], { databaseUrl, quiet });
  if (target.provider === "sqlite") await setSqliteWal(target.filePath);
  else await dropKeptFunctions(target, { quiet });
}

/**
 * PostgreSQL: drops the schema's kept blocks (`one_trip_<hash>` functions, lib/db-one-trip.ts). A
 * function is named by the hash of its body, so a build whose statements changed makes new ones and
 * the old ones would stay forever; a migration (every start, every deploy) clears them. They hold no
 * data: a hub still running calls a dropped one, gets "no such function", runs that sale as an inline
 * block and makes the function again (lib/db-one-trip.ts, `callKept`). One the role may not drop (made
 * by another role) is left, with a line saying so.
 * @param {{ pgSchema: string }} target
 */
async function dropKeptFunctions(target, { quiet }) {
  await withPg(target, async (client) => {
    const { rows } = await client.query(
      String.raw`SELECT p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = $1 AND p.proname LIKE 'one\_trip\_%'`,
      [target.pgSchema],
    );
    let dropped = 0;
    for (const { signature } of rows) {
      try {
        // regprocedure's text is the function's quoted, schema-qualified where needed, signature.
        await client.query(`DROP FUNCTION IF EXISTS ${signature}`);
        dropped++;
      } catch (err) {
        console.warn(`migrate: left the kept function ${signature}: ${err instanceof Error ? err.message : err}`);
      }
    }
    if (!quiet && dropped > 0) console.log(`Dropped ${dropped} kept block function(s); the hub makes the ones it uses again`);
  });
}

/**
 * Empties a local test database: deletes the SQLite file (and its -wal/-shm), or drops and
 * recreates the PostgreSQL schema. Throws for any PostgreSQL host that is not loopback.
 * Call migrate() afterwards.
 * @param {{ databaseUrl: string }} options
 */
export async function resetDatabase({ databaseUrl }) {
  const target = describeDatabase(databaseUrl);
  if (target.provider === "sqlite") {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(target.filePath + suffix, { force: true });
    return;
  }
  assertLocalHost(target.host);
  await withPg(target, async (client) => {
    await client.query(`DROP SCHEMA IF EXISTS "${target.pgSchema}" CASCADE`);
    await client.query(`CREATE SCHEMA "${target.pgSchema}"`);
  });
}

/**
 * Drops a PostgreSQL schema entirely (test teardown); deletes a SQLite file. Local only.
 * @param {{ databaseUrl: string }} options
 */
export async function dropDatabase({ databaseUrl }) {
  const target = describeDatabase(databaseUrl);
  if (target.provider === "sqlite") {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(target.filePath + suffix, { force: true });
    return;
  }
  assertLocalHost(target.host);
  if (target.pgSchema === "public") throw new Error("Refusing to drop the public schema; use resetDatabase()");
  await withPg(target, (client) => client.query(`DROP SCHEMA IF EXISTS "${target.pgSchema}" CASCADE`));
}

/**
 * True when a PostgreSQL server answers at the URL within the timeout.
 * @param {string} databaseUrl
 * @param {number} [timeoutMs]
 */
export async function canConnect(databaseUrl, timeoutMs = 2000) {
  const target = describeDatabase(databaseUrl);
  if (target.provider === "sqlite") return true;
  try {
    await withPg(target, (client) => client.query("SELECT 1"), timeoutMs);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} host */
function assertLocalHost(host) {
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`Refusing to reset a database on ${host}: only 127.0.0.1, localhost or ::1 may be reset`);
  }
}

/**
 * @template T
 * @param {PostgresTarget} target
 * @param {(client: import("pg").Client) => Promise<T>} fn
 * @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
async function withPg(target, fn, timeoutMs = 5000) {
  const { default: pg } = await import("pg");
  const { options: _searchPath, ...config } = pgPoolConfig(target);
  const client = new pg.Client({ ...config, connectionTimeoutMillis: timeoutMs });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// WAL persists in the database file: readers in other processes no longer block the writer.
/** @param {string} filePath */
async function setSqliteWal(filePath) {
  if (!existsSync(filePath)) return;
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(filePath, { timeout: 5000 });
  try {
    sqlite.pragma("journal_mode = WAL");
  } finally {
    sqlite.close();
  }
}
