import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapterFactory } from "@prisma/client/runtime/client";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { DirectRoute, directRawStatements, directRouteFactory, forwarding } from "./db-direct-raw";
import { KeptStatementsClient } from "./db-pg-kept-statements";
import { keepQueryPlans } from "./db-raw-plans";
import { SAFETY_NET_PAGES } from "./db-wal-settings.mjs";
import { lruMemo } from "./lru-memo";
import { type Prisma, PrismaClient as SqliteClient } from "./generated/sqlite/client";

/**
 * Database client construction without server-only or configuration imports, so Node scripts
 * (seed, bench) and tests can build a client too. The app uses `db` from lib/db.ts.
 *
 * Both generated clients come from one schema and share an API; `Db` is typed as the SQLite
 * client so code only uses what both providers support.
 */
export type Db = SqliteClient;
/** The client passed to `db.$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;
/** A client or a transaction: what `lib/` functions that write accept as an optional argument. */
export type DbOrTx = Db | Tx;

export type DatabaseTarget =
  | { provider: "sqlite"; filePath: string }
  | { provider: "postgres"; connectionString: string; pgSchema: string };

const PG_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function isPostgresUrl(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//i.test(databaseUrl);
}

/**
 * `file:<path>` selects SQLite (relative paths resolve against the working directory);
 * `postgres://` or `postgresql://` selects PostgreSQL, with `?schema=name` for a schema other
 * than `public`. Mirrors describeDatabase() in scripts/lib/migrate.mjs.
 */
export function describeDatabaseUrl(databaseUrl: string): DatabaseTarget {
  if (isPostgresUrl(databaseUrl)) {
    const url = new URL(databaseUrl);
    const pgSchema = url.searchParams.get("schema") || "public";
    if (!PG_IDENTIFIER.test(pgSchema)) throw new Error(`Invalid PostgreSQL schema name: ${pgSchema}`);
    url.searchParams.delete("schema");
    return { provider: "postgres", connectionString: url.toString(), pgSchema };
  }
  if (!databaseUrl.startsWith("file:")) {
    throw new Error("DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)");
  }
  const filePath = databaseUrl.slice("file:".length).replace(/^\/\/(?=\/)/, "").split("?")[0];
  if (!filePath) throw new Error("DATABASE_URL file: has no path");
  return { provider: "sqlite", filePath };
}

/**
 * A new PrismaClient for the URL's provider. Callers own it: cache it, and `$disconnect()` it
 * when a script ends. The database must already be migrated (scripts/migrate.mjs).
 */
export function createDb(
  databaseUrl: string,
  {
    onWrite,
    backgroundCheckpoints = false,
    poolSize,
    writeLock,
  }: {
    onWrite?: () => void;
    backgroundCheckpoints?: boolean;
    /** SQLite: a lock shared with the other processes that write the file, taken before each write (lib/cluster/write-lock.ts). */
    writeLock?: WriteLock;
    /** PostgreSQL: connections in the client's pool (node-postgres's default, 10, when left out). */
    poolSize?: number;
  } = {},
): Db {
  const target = describeDatabaseUrl(databaseUrl);
  // Raw statements go to the adapter directly once their shape is learned (lib/db-direct-raw.ts): `route`
  // is the connection they take, outside the write watch so that it still sees them.
  const route = new DirectRoute();
  const adapterOf = (base: SqlDriverAdapterFactory) => directRouteFactory(onWrite ? new WatchedWrites(base, onWrite) : base, route);
  if (target.provider === "postgres") {
    // Client: the pool's connections send kept raw statements as named prepared statements (lib/db-pg-kept-statements.ts).
    const adapter = adapterOf(new PrismaPg({ ...pgPoolConfig(target.connectionString, target.pgSchema), max: poolSize, Client: KeptStatementsClient }, { schema: target.pgSchema }));
    return withKeptPlans(new PostgresClient({ adapter, transactionOptions: TRANSACTION_OPTIONS }) as unknown as Db, "postgres", route);
  }
  const adapter = adapterOf(new SerializedSqlite(
    // timeout is SQLite's busy_timeout: another process's write lock is waited for, not an error.
    new PrismaBetterSQLite3({ url: `file:${target.filePath}`, timeout: 5000 }),
    // Another thread checkpoints this file (server.mjs's, lib/db-wal-checkpointer.mjs): commits here leave it the work.
    backgroundCheckpoints ? SAFETY_NET_PAGES : DEFAULT_AUTOCHECKPOINT_PAGES,
    writeLock,
  ));
  return withKeptPlans(new SqliteClient({ adapter, transactionOptions: TRANSACTION_OPTIONS }), "sqlite", route);
}

/**
 * Raw statements planned without Prisma's query compiler once their shape is learned (lib/db-raw-plans.ts),
 * and then sent to the adapter without Prisma's client (lib/db-direct-raw.ts); model queries of a learned
 * shape planned without it too (lib/db-model-plans.ts).
 */
function withKeptPlans(client: Db, provider: "sqlite" | "postgres", route: DirectRoute): Db {
  keepQueryPlans(client);
  directRawStatements(client, provider, route);
  return client;
}

// maxWait is how long $transaction may queue for its turn (SQLite: the single connection;
// PostgreSQL: a pool client). Prisma's 2 s default fails requests under load spikes; transactions
// themselves stay short (timeout 5 s): never await network calls inside one.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 5_000 };

// Separate fields rather than a connection string (see pgPoolConfig in scripts/lib/migrate.mjs);
// search_path puts unqualified SQL ($queryRaw) in the same schema the client uses.
function pgPoolConfig(connectionString: string, pgSchema: string) {
  const url = new URL(connectionString);
  const sslmode = url.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, "$1")) || "localhost",
    port: url.port ? Number(url.port) : 5432,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database: decodeURIComponent(url.pathname.replace(/^\//, "")) || undefined,
    ssl:
      sslmode && sslmode !== "disable"
        ? { rejectUnauthorized: sslmode === "verify-full" || sslmode === "verify-ca" }
        : undefined,
    options: `-c search_path="${pgSchema}"`,
  };
}

/**
 * A lock shared by the processes that write one SQLite file: resolves once this process holds it, with
 * the function that gives it back.
 */
export type WriteLock = () => Promise<() => void>;

type SqlDriverAdapter = Awaited<ReturnType<SqlDriverAdapterFactory["connect"]>>;
type SqlTransaction = Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>>;
type SqlQuery = Parameters<SqlDriverAdapter["queryRaw"]>[0];

/** True for a statement that may change rows: anything but a plain SELECT (a CTE, a COMMIT, a PRAGMA count as writes). */
export function mayWrite(sql: string): boolean {
  return !/^\s*select\b/i.test(sql);
}

/**
 * Calls `onWrite` (synchronously, in the caller's async context) before every statement that may
 * change rows, on the connection and inside transactions: how the route wrapper learns whether a
 * request wrote (lib/http/route.ts drops the read cache only then). Everything else passes through.
 */
class WatchedWrites implements SqlDriverAdapterFactory {
  readonly provider: SqlDriverAdapterFactory["provider"];
  readonly adapterName: string;
  readonly #base: SqlDriverAdapterFactory;
  readonly #onWrite: () => void;

  constructor(base: SqlDriverAdapterFactory, onWrite: () => void) {
    this.#base = base;
    this.#onWrite = onWrite;
    this.provider = base.provider;
    this.adapterName = base.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return watchStatements(await this.#base.connect(), this.#onWrite);
  }
}

/** `target` (a connection or a transaction) with onWrite called before each statement that may write. */
function watchStatements<T extends object>(target: T, onWrite: () => void): T {
  const t = target as unknown as SqlDriverAdapter;
  const watched: Record<string, unknown> = {
    queryRaw: (query: SqlQuery) => {
      if (mayWrite(query.sql)) onWrite();
      return t.queryRaw(query);
    },
    executeRaw: (query: SqlQuery) => {
      if (mayWrite(query.sql)) onWrite();
      return t.executeRaw(query);
    },
    executeScript: (script: string) => {
      onWrite();
      return t.executeScript(script);
    },
    startTransaction: async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) => watchStatements(await t.startTransaction(...args), onWrite),
  };
  // Only what `target` has (a transaction has no executeScript or startTransaction).
  return forwarding(target, Object.fromEntries(Object.entries(watched).filter(([name]) => typeof Reflect.get(target, name) === "function")));
}

/**
 * The better-sqlite3 connection inside @prisma/adapter-better-sqlite3's adapter: its `client`, which is
 * not part of the adapter's typed API (undefined when a new version no longer has it).
 */
function sqliteClient(adapter: object): { prepare?: (sql: string) => SqliteStatement; inTransaction?: boolean } | undefined {
  return (adapter as { client?: { prepare?: (sql: string) => SqliteStatement; inTransaction?: boolean } }).client;
}

/** Statements kept per SQLite connection (by SQL text; the least recently used is dropped). */
const KEPT_STATEMENTS = 512;

/** The part of a better-sqlite3 statement the Prisma adapter uses. */
type SqliteStatement = {
  readonly reader: boolean;
  run(params: unknown[]): unknown;
  columns(): unknown[];
  raw(toggle?: boolean): SqliteStatement;
  all(params: unknown[]): unknown[];
};

/** A kept statement and its result columns, read once (they are fixed while the statement is prepared). */
type KeptStatement = { statement: SqliteStatement; columns: unknown[] | null };

/** The adapter's statement after `bind(args)`: what it calls next, with the arguments of this call only. */
function boundStatement(kept: KeptStatement, args: unknown[]) {
  const { statement } = kept;
  return {
    reader: statement.reader,
    run: () => statement.run(args),
    columns: () => (kept.columns ??= statement.columns()),
    raw: () => ({ all: () => statement.raw(true).all(args) }),
  };
}

/**
 * @prisma/adapter-better-sqlite3 prepares every statement it runs, again on every call
 * (`client.prepare(sql).bind(args)`), and SQLite parses and plans it each time: 3.9 % of the server's
 * CPU in a soak profile (bench/README.md, session 23), more than any other frame but the GC. This keeps
 * the prepared statements of the connection by their SQL text and binds each call's arguments when
 * it runs instead (better-sqlite3's `bind` is once per statement for good), so a statement the hub
 * sends again, Prisma's or our own raw SQL, is parsed once. SQLite re-prepares a kept statement
 * itself when the schema changes. A read's result columns (names and declared types), which the adapter
 * asks for on every read, are read once per kept statement too (2.2 % of a paid unlock's thread,
 * bench/README.md, session 50): a schema changed under a running process would need its restart, as
 * Prisma's generated client does; migrations run before the hub starts. The adapter's `client` is not
 * part of its typed API: when a new version of the adapter no longer has it, statements are prepared
 * per call as before (the unit test `lib/db-core.test.ts` fails then, so the upgrade is noticed).
 */
export function keepPreparedStatements(adapter: object): boolean {
  const client = sqliteClient(adapter);
  if (typeof client?.prepare !== "function") return false;
  const prepare = client.prepare.bind(client);
  const keptStatements = lruMemo<KeptStatement>(KEPT_STATEMENTS);
  (client as { prepare: unknown }).prepare = (sql: string) => {
    const kept = keptStatements.get(sql, () => ({ statement: prepare(limitUnread(sql)), columns: null }));
    return { reader: kept.statement.reader, bind: (args: unknown[]) => boundStatement(kept, args), run: () => kept.statement.run([]) };
  };
  return true;
}

/**
 * A statement's text with each `LIMIT ?` written `LIMIT +?`. Since 3.46 SQLite's planner reads the row
 * limit bound to a bare `LIMIT ?` when it plans, and a statement whose plan read a bound value is marked
 * stale whenever a value is bound to that parameter again: every run of a kept statement was parsed and
 * planned anew (explore's page statement 146 µs a run in a loop, 80 µs bound once; bench/README.md,
 * "Issue 38, session 67"). Under a unary plus the limit is the same number but not a bare parameter,
 * so the planner does not read it, as before 3.46, and the statement is planned once. A value only
 * ever comes as a parameter, so the words can only be SQL: no literal holds them.
 */
export function limitUnread(sql: string): string {
  return sql.replace(/\bLIMIT\s+\?/gi, "LIMIT +?");
}

/**
 * The other values SQLite's planner reads: with STAT4 samples in `sqlite_stat4` (better-sqlite3's SQLite
 * is built with STAT4, and a full ANALYZE writes them) it looks up each value compared with an indexed
 * column among the samples, and the statement is planned again at each run as above. So the hub's
 * connection analyzes within a limit (`ANALYSIS_LIMIT` rows an index, as SQLite advises for `PRAGMA
 * optimize`; an ANALYZE within a limit writes row counts and no samples, and clears the samples of what
 * it analyzes), and drops samples an earlier ANALYZE left (a plain `ANALYZE` in the sqlite3 shell, a
 * hub before session 67) when it opens. Every statement the hub sent in a soak and in the read benches
 * was planned the same with samples and without (215 statements at 100,000 items and 1,000,000 ledger
 * rows, bench/README.md, session 67): its plans rest on row counts and on the indexes it names.
 */
const ANALYSIS_LIMIT = 1000;

async function dropSamples(connection: Pick<SqlDriverAdapter, "queryRaw" | "executeScript">) {
  const none: Pick<SqlQuery, "args" | "argTypes"> = { args: [], argTypes: [] };
  const table = await connection.queryRaw({ sql: "SELECT COUNT(*) FROM sqlite_schema WHERE name = 'sqlite_stat4'", ...none });
  if (Number(table.rows[0]?.[0] ?? 0) === 0) return;
  // The planner reads the statistics tables when it loads the schema, and `ANALYZE sqlite_schema` has it
  // read them again (it changes no statistics and no schema version). Run even when the table is already
  // empty: another process of the hub (workers starting together) may have deleted the samples after
  // this connection had loaded them.
  await connection.executeScript("DELETE FROM sqlite_stat4; ANALYZE sqlite_schema;");
}

/** A statement that ends a transaction, whether it succeeds or not. */
const ENDS_TRANSACTION = /^\s*(commit|rollback|end)\b(?!\s+to\b)/i;

/** Whether the adapter's better-sqlite3 connection is inside a transaction (without its `client`, false). */
function stillInTransaction(adapter: object): boolean {
  return sqliteClient(adapter)?.inTransaction === true;
}

/** A FIFO lock: run() waits for every earlier holder to finish. */
class SerialLock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once the lock is held. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return ready;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/**
 * @prisma/adapter-better-sqlite3 runs everything on one connection and only serialises
 * transactions against each other: a query outside a transaction, issued while another
 * request's interactive transaction is open, executes inside that transaction — it sees
 * uncommitted rows, and its own write is rolled back with it. This factory makes queries outside
 * transactions wait until the open transaction ends, as on PostgreSQL. (Inside
 * `$transaction(async (tx) => …)` always use `tx`: a `db.` call there waits for the transaction
 * itself and times it out.) It also sets the connection pragmas: WAL (other processes read while
 * one writes), synchronous=NORMAL (safe with WAL), foreign keys on, and keeps the query planner's
 * statistics current the way SQLite advises for long-lived connections: `PRAGMA optimize=0x10002` on
 * open, `PRAGMA optimize` every hour. Without statistics SQLite takes an index whose first column is
 * `network` (one value) as selective and walks it whole: a 402 challenge for content named by its
 * externalId scanned every content row (150 ms at 100,000 items instead of an index lookup).
 * `temp_store = MEMORY`: a savepoint's undo copies (lib/db-group-commit.ts) and temporary sorts stay in
 * memory instead of spilling to a temporary file.
 * `autocheckpointPages` is the WAL size at which a commit of this connection checkpoints (SQLite's
 * default, or a safety net above what the hub's checkpointer thread lets the WAL reach: lib/db-wal-checkpointer.mjs).
 */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

class SerializedSqlite implements SqlDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  readonly #base: PrismaBetterSQLite3;
  readonly #autocheckpointPages: number;
  readonly #writeLock: WriteLock | undefined;

  constructor(base: PrismaBetterSQLite3, autocheckpointPages: number, writeLock?: WriteLock) {
    this.#base = base;
    this.#autocheckpointPages = autocheckpointPages;
    this.#writeLock = writeLock;
    this.adapterName = base.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#base.connect();
    keepPreparedStatements(inner);
    await inner.executeScript(
      `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = ${this.#autocheckpointPages}; PRAGMA temp_store = MEMORY; PRAGMA analysis_limit = ${ANALYSIS_LIMIT}; PRAGMA optimize = 0x10002;`,
    );
    await dropSamples(inner);
    const lock = new SerialLock();
    // The processes' shared write lock, when there is one: taken inside this connection's own lock, so
    // a process asks for it once at a time, and given back when the write (or transaction) is over.
    const writeLock = this.#writeLock;
    const writing = writeLock
      ? async <T>(fn: () => Promise<T>): Promise<T> => {
          const giveBack = await writeLock();
          try {
            return await fn();
          } finally {
            giveBack();
          }
        }
      : <T>(fn: () => Promise<T>) => fn();
    const optimize = setInterval(() => void lock.run(() => writing(() => inner.executeScript("PRAGMA optimize"))).catch(() => {}), OPTIMIZE_EVERY_MS);
    optimize.unref();
    const adapter: SqlDriverAdapter = {
      provider: inner.provider,
      adapterName: inner.adapterName,
      queryRaw: (query: SqlQuery) => lock.run(() => (mayWrite(query.sql) ? writing(() => inner.queryRaw(query)) : inner.queryRaw(query))),
      executeRaw: (query: SqlQuery) => lock.run(() => (mayWrite(query.sql) ? writing(() => inner.executeRaw(query)) : inner.executeRaw(query))),
      executeScript: (script: string) => lock.run(() => writing(() => inner.executeScript(script))),
      getConnectionInfo: inner.getConnectionInfo?.bind(inner),
      dispose: () => {
        clearInterval(optimize);
        return lock.run(() => inner.dispose());
      },
      startTransaction: async (isolationLevel) => {
        // Opened here, on the one connection, with this lock as the only lock: the adapter's own
        // startTransaction takes a private mutex before its BEGIN and never gives it back when BEGIN
        // fails (SQLITE_BUSY once another process has held the write lock past the busy timeout), so
        // every later transaction, and behind this lock every query, would wait forever.
        if (isolationLevel && isolationLevel !== "SERIALIZABLE") return inner.startTransaction(isolationLevel); // refused before it locks anything
        const releaseConnection = await lock.acquire();
        let giveBack = () => {};
        const release = () => {
          giveBack();
          releaseConnection();
        };
        try {
          if (writeLock) giveBack = await writeLock();
          // IMMEDIATE, not the adapter's deferred BEGIN: the transaction takes the write lock at once
          // (waiting up to the busy timeout for it). With a deferred BEGIN it would read from a snapshot
          // and ask for the lock at its first write; had another process (the CLI settler, a second
          // instance, a test writing fixtures) committed in between, SQLite could not upgrade the stale
          // snapshot and would fail at once with "database is locked", busy timeout or not.
          await inner.executeScript("BEGIN IMMEDIATE");
        } catch (error) {
          release();
          throw error;
        }
        let released = false;
        const end = () => {
          if (!released) {
            released = true;
            release();
          }
          return Promise.resolve();
        };
        // Prisma sends COMMIT / ROLLBACK itself through executeRaw (usePhantomQuery: false), then calls
        // commit() / rollback() — but not when that statement fails. A ROLLBACK fails when SQLite has
        // already rolled the whole transaction back itself (a full disk, an I/O error, a trigger's
        // RAISE(ROLLBACK)): the lock is given back once the transaction is over, however it ended, or
        // every later query would wait for it forever.
        const tx: SqlTransaction = {
          provider: inner.provider,
          adapterName: inner.adapterName,
          options: { usePhantomQuery: false },
          queryRaw: (query: SqlQuery) => inner.queryRaw(query),
          executeRaw: async (query: SqlQuery) => {
            if (!ENDS_TRANSACTION.test(query.sql)) return inner.executeRaw(query);
            try {
              return await inner.executeRaw(query);
            } catch (error) {
              // A COMMIT that failed may leave the transaction open (a deferred constraint): Prisma's ROLLBACK follows.
              if (!stillInTransaction(inner)) void end();
              throw error;
            }
          },
          commit: end,
          rollback: end,
        };
        return tx;
      },
    };
    return adapter;
  }
}
