#!/usr/bin/env node
// Writes the next migration for both providers after an edit of prisma/schema.prisma.
//
//   node scripts/db-new-migration.mjs add_tip_memo   writes prisma/migrations/<ts>_add_tip_memo/
//                                                   and prisma/postgres/migrations/<ts>_add_tip_memo/
//   node scripts/db-new-migration.mjs --check        exit 1 if schema.prisma has changes that no
//                                                   migration covers (for CI)
//
// `prisma migrate dev` does not work offline with Prisma 6.19's JS schema engine. So each new
// migration is `prisma migrate diff` from prisma/migrations/schema.snapshot.prisma (the schema as
// of the last migration, committed) to the current schema, rendered once per provider so both
// histories get the same step; then the snapshot is updated. The CLI opens a connection even for
// a schema-to-schema diff: POSTGRES_URL (default the local test database) must answer; nothing
// is written to it. --check also replays both committed histories in shadow databases
// (`--from-migrations`; PostgreSQL's without its constraint triggers, which Prisma cannot read back)
// and fails if either does not produce schema.prisma.
// Review the SQL before committing: a rename comes out as drop + add.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { derivePostgresSchema, generateClients } from "./db-generate.mjs";
import { repoRoot, runPrisma } from "./lib/migrate.mjs";

const POSTGRES_URL = process.env.POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432/test";
const SQLITE_SCHEMA = path.join(repoRoot, "prisma", "schema.prisma");
const POSTGRES_SCHEMA = path.join(repoRoot, "prisma", "postgres", "schema.prisma");
const SNAPSHOT = path.join(repoRoot, "prisma", "migrations", "schema.snapshot.prisma");
const scratch = path.join(os.tmpdir(), `hub-migration-${process.pid}`);

const providers = [
  {
    name: "sqlite",
    lockProvider: "sqlite",
    schema: SQLITE_SCHEMA,
    snapshotFrom: (text) => text,
    migrations: path.join(repoRoot, "prisma", "migrations"),
    // The CLI opens this file through the adapter; the diff itself needs no database.
    databaseUrl: `file:${path.join(scratch, "diff.db")}`,
  },
  {
    name: "postgres",
    lockProvider: "postgresql",
    schema: POSTGRES_SCHEMA,
    snapshotFrom: derivePostgresSchema,
    migrations: path.join(repoRoot, "prisma", "postgres", "migrations"),
    databaseUrl: POSTGRES_URL,
  },
];

const isEmptyDiff = (sql) => /^(-- This is an empty migration\.)?\s*$/.test(sql);

// Objects a migration makes in raw SQL that Prisma's schema cannot describe: SQLite's FTS5 table for
// explore's text search and its shadow tables (docs/discovery.md). A replay sees them and would drop them.
const RAW_SQLITE_TABLES = /^ContentSearch(_(config|data|docsize|idx|content))?$/;

/** The replayed diff less the DROP TABLE steps of those raw tables. */
function withoutRawTables(sql) {
  return sql
    .split(/\n(?=-- )/)
    .filter((step) => {
      const m = /^-- DropTable\n(?:PRAGMA foreign_keys=off;\n)?DROP TABLE "([^"]+)";/.exec(step.trim());
      return !(m && RAW_SQLITE_TABLES.test(m[1]));
    })
    .join("\n")
    .trim();
}

/**
 * The provider's migrations as Prisma can replay them: PostgreSQL's copied to the scratch directory
 * without their constraint triggers (the content epoch's, `*_content_epoch`), at which Prisma's
 * introspection of the replayed schema stops ("RuntimeError: unreachable"). A trigger is nothing
 * schema.prisma describes, so the comparison loses nothing.
 */
function replayable(provider) {
  if (provider.name !== "postgres") return provider.migrations;
  const copy = path.join(scratch, "postgres-migrations");
  rmSync(copy, { recursive: true, force: true });
  cpSync(provider.migrations, copy, { recursive: true });
  for (const folder of migrationFolders(copy)) {
    const file = path.join(copy, folder, "migration.sql");
    if (!existsSync(file)) continue;
    const sql = readFileSync(file, "utf8");
    const kept = sql.replace(/^CREATE CONSTRAINT TRIGGER[^;]*;/gm, "");
    if (kept !== sql) writeFileSync(file, kept);
  }
  return copy;
}

function migrationFolders(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

async function diff(provider, fromArgs) {
  const out = await runPrisma(
    ["migrate", "diff", ...fromArgs, "--to-schema-datamodel", provider.schema, "--script"],
    { databaseUrl: provider.databaseUrl, quiet: true },
  );
  // The CLI prints "Loaded Prisma config from …" before the script; keep only the SQL.
  return out.replace(/^Loaded Prisma config from .*\n+/m, "").trim();
}

/** The SQL that takes the last migrated schema (or nothing) to the current schema. */
async function nextMigrationSql(provider, hasHistory) {
  if (!hasHistory) return diff(provider, ["--from-empty"]);
  const from = path.join(scratch, `${provider.name}.snapshot.prisma`);
  writeFileSync(from, provider.snapshotFrom(readFileSync(SNAPSHOT, "utf8")));
  return diff(provider, ["--from-schema-datamodel", from]);
}

function timestamp() {
  return new Date().toISOString().replace(/\D/g, "").slice(0, 14);
}

const args = process.argv.slice(2);
const check = args.includes("--check");
const name = args.find((a) => !a.startsWith("--"));
if (!check && (!name || !/^[a-z0-9_]+$/.test(name))) {
  console.error("Usage: node scripts/db-new-migration.mjs <snake_case_name> | --check");
  process.exit(2);
}

mkdirSync(scratch, { recursive: true });
try {
  await generateClients();
  const histories = providers.map((p) => migrationFolders(p.migrations));
  const hasHistory = histories[0].length > 0;
  if (histories[0].join() !== histories[1].join()) {
    throw new Error("prisma/migrations and prisma/postgres/migrations list different migrations");
  }
  if (hasHistory && !existsSync(SNAPSHOT)) {
    throw new Error(`${path.relative(repoRoot, SNAPSHOT)} is missing: restore it from git`);
  }

  if (check) {
    let stale = false;
    // Each committed history must produce exactly schema.prisma (catches hand-edited SQL and a
    // stale snapshot).
    for (const provider of providers) {
      const replayed = withoutRawTables(await diff(provider, ["--from-migrations", replayable(provider)]));
      if (!isEmptyDiff(replayed)) {
        stale = true;
        console.error(`${path.relative(repoRoot, provider.migrations)} does not produce the schema:\n${replayed}\n`);
      }
    }
    for (const provider of providers) {
      const sql = await nextMigrationSql(provider, hasHistory);
      if (!isEmptyDiff(sql)) {
        stale = true;
        console.error(`${provider.name}: schema.prisma has changes without a migration:\n${sql}\n`);
      }
    }
    if (stale) console.error("Run: node scripts/db-new-migration.mjs <name>");
    process.exitCode = stale ? 1 : 0;
  } else {
    const sqls = [];
    for (const provider of providers) sqls.push(await nextMigrationSql(provider, hasHistory));
    if (sqls.every(isEmptyDiff)) {
      console.log("No schema changes: nothing to write.");
    } else {
      // One folder name for both providers keeps the two histories in step.
      const folder = `${timestamp()}_${name}`;
      providers.forEach((provider, i) => {
        mkdirSync(provider.migrations, { recursive: true });
        const lock = path.join(provider.migrations, "migration_lock.toml");
        if (!existsSync(lock)) {
          writeFileSync(
            lock,
            "# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\n" +
              `provider = "${provider.lockProvider}"\n`,
          );
        }
        const dir = path.join(provider.migrations, folder);
        mkdirSync(dir);
        writeFileSync(path.join(dir, "migration.sql"), `${sqls[i]}\n`);
        console.log(`Wrote ${path.relative(repoRoot, dir)}/migration.sql`);
      });
      copyFileSync(SQLITE_SCHEMA, SNAPSHOT);
      console.log(`Updated ${path.relative(repoRoot, SNAPSHOT)}. Review the SQL, then commit all three.`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
