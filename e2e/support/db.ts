// Direct database access for assertions ("nothing was recorded") and fixtures, on the database the
// hub under test uses (DATABASE_URL from scripts/test.mjs).
import { createDb, type Db } from "../../lib/db-core";

let client: Db | undefined;

export function testDb(): Db {
  client ??= createDb(process.env.DATABASE_URL!);
  return client;
}
