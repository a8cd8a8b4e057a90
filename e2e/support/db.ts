// Direct database access for tests that seed fixtures or assert "nothing was recorded".
import { createDb, type Db } from "../../lib/db-core";

let client: Db | undefined;
export function testDb(): Db {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the API tests through scripts/test.mjs");
  client ??= createDb(url);
  return client;
}
