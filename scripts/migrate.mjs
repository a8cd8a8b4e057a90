#!/usr/bin/env node
// Applies committed migrations to DATABASE_URL (default file:./data/hub.db, SQLite).
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test node scripts/migrate.mjs
//   node scripts/migrate.mjs --reset     empty a local database first (refused for remote hosts)
import { DEFAULT_DATABASE_URL, describeDatabase, migrate, resetDatabase } from "./lib/migrate.mjs";

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const target = describeDatabase(databaseUrl);
const where = target.provider === "sqlite" ? target.filePath : `${target.host} schema ${target.pgSchema}`;

try {
  if (process.argv.includes("--reset")) {
    await resetDatabase({ databaseUrl });
    console.log(`Reset ${target.provider} database (${where})`);
  }
  await migrate({ databaseUrl, quiet: !process.argv.includes("--verbose") });
  console.log(`Migrated ${target.provider} database (${where})`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
