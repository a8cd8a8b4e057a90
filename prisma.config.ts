// Prisma CLI configuration. The schema, migrations and driver adapter follow DATABASE_URL:
// file:… → prisma/schema.prisma (SQLite), postgres(ql)://… → prisma/postgres/schema.prisma.
// This file does not load .env: scripts pass DATABASE_URL explicitly.
import { randomUUID } from "node:crypto";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";
import { DEFAULT_DATABASE_URL, describeDatabase, pgPoolConfig } from "./scripts/lib/migrate.mjs";

const target = describeDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);

type ShadowAdapter = Awaited<ReturnType<PrismaBetterSQLite3["connectToShadowDb"]>>;

// Prisma 6.19 replays each migration.sql into the shadow database with one executeRaw call, and
// better-sqlite3 prepares one statement at a time ("contains more than one statement"), so
// `migrate diff --from-migrations` fails on SQLite. Route argument-less statements through
// executeScript (sqlite3_exec) on the in-memory shadow database only.
function sqliteAdapter(filePath: string) {
  const base = new PrismaBetterSQLite3({ url: `file:${filePath}`, timeout: 5000 });
  return {
    provider: "sqlite" as const,
    adapterName: base.adapterName,
    connect: () => base.connect(),
    connectToShadowDb: async (): Promise<ShadowAdapter> => {
      const shadow = await base.connectToShadowDb();
      const executeRaw = shadow.executeRaw.bind(shadow);
      shadow.executeRaw = async (query) => {
        if (query.args.length > 0) return executeRaw(query);
        await shadow.executeScript(query.sql);
        return 0;
      };
      return shadow;
    },
  };
}

type PostgresTarget = Extract<typeof target, { provider: "postgres" }>;

// @prisma/adapter-pg 6.19.3 rejects result columns of the system types `name` and `"char"`, which
// the schema engine reads from pg_catalog on every migrate command ("Column type 'name' could
// not be deserialized", prisma/orm#27403). Their text values are plain strings: report them as
// text. CLI only; the app never selects these types.
const CATALOG_TEXT_OIDS = new Set([18, 19]);
type QueryResultLike = { fields?: { dataTypeID: number }[] };
function catalogTypesAsText<T>(result: T): T {
  for (const r of (Array.isArray(result) ? result : [result]) as QueryResultLike[]) {
    for (const field of r?.fields ?? []) if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = 25;
  }
  return result;
}
function reportCatalogTypesAsText(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const patched = (...args: unknown[]) => {
    const callback = typeof args.at(-1) === "function" ? (args.pop() as (err: unknown, res: unknown) => void) : null;
    if (callback) return query(...args, (err: unknown, res: unknown) => callback(err, err ? res : catalogTypesAsText(res)));
    const out = query(...args);
    return out instanceof Promise ? out.then(catalogTypesAsText) : out;
  };
  Object.assign(client, { query: patched });
}

function cliPgAdapter(config: pg.PoolConfig, schema?: string) {
  const pool = new pg.Pool(config);
  pool.on("connect", reportCatalogTypesAsText);
  return new PrismaPg(pool, { schema, disposeExternalPool: true });
}

// PrismaPg's own shadow database (migrate diff --from-migrations) drops the database while its
// pool still holds a connection, so the drop fails and the database is left behind. Create and
// drop it here instead: pool closed first, then DROP … WITH (FORCE).
function postgresAdapter(pgTarget: PostgresTarget) {
  // allowExitOnIdle: the CLI never closes the pool, and idle clients would hold it open ~10 s.
  const config = { ...pgPoolConfig(pgTarget), allowExitOnIdle: true, idleTimeoutMillis: 200 };
  const base = cliPgAdapter(config, pgTarget.pgSchema);
  return {
    provider: "postgres" as const,
    adapterName: base.adapterName,
    connect: () => base.connect(),
    connectToShadowDb: async () => {
      const admin = await base.connect();
      const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
      await admin.executeScript(`CREATE DATABASE "${name}"`);
      const { options: _searchPath, ...server } = config;
      const shadow = await cliPgAdapter({ ...server, database: name }).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        try {
          await dispose();
          await admin.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await admin.dispose();
        }
      };
      return shadow;
    },
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: target.schemaPath,
  migrations: { path: target.migrationsDir },
  adapter: async () =>
    target.provider === "postgres"
      ? postgresAdapter(target)
      : sqliteAdapter(target.filePath),
});
