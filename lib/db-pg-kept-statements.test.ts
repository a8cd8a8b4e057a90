import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import type { Db } from "@/lib/db-core";
import { Prisma } from "@/lib/generated/sqlite/client";
import { unitDatabases } from "@/e2e/support/unit-databases";
import { KEPT_STATEMENT, KeptStatementsClient, statementName } from "./db-pg-kept-statements";

// lib/db-pg-kept-statements.ts on PostgreSQL: a kept raw statement is a named prepared statement on its
// connection, prepared once, answering as the unnamed one did; everything else stays unnamed.
const units = await unitDatabases("db-pg-kept");
const postgres = units.databases.find((d) => d.name === "postgres")!;
afterAll(units.removeFiles);

/** The prepared statements of the connection `q` runs on. */
const prepared = async (q: { $queryRawUnsafe: Db["$queryRawUnsafe"] }) =>
  (await q.$queryRawUnsafe<Array<{ name: string; statement: string }>>(`SELECT name, statement FROM pg_prepared_statements`)).filter((r) => r.name.startsWith("kept_"));

describe.skipIf(!postgres.enabled)("kept statements on PostgreSQL", () => {
  let db: Db;
  beforeAll(async () => {
    db = await units.open(postgres);
  }, 60_000);
  afterAll(() => units.close(postgres, db));

  it("names a statement by its text, the same name for the same text", () => {
    expect(statementName(`${KEPT_STATEMENT}SELECT 1`)).toBe(statementName(`${KEPT_STATEMENT}SELECT 1`));
    expect(statementName(`${KEPT_STATEMENT}SELECT 1`)).not.toBe(statementName(`${KEPT_STATEMENT}SELECT 2`));
    expect(statementName(`${KEPT_STATEMENT}SELECT 1`)).toMatch(/^kept_[0-9a-f]{40}$/);
  });

  it("sends a learned raw statement as one named statement on its connection; Prisma's queries and unsafe ones stay unnamed", async () => {
    const rows = await db.$transaction(async (tx) => {
      const answers: unknown[] = [];
      // Learned after two of Prisma's compiled plans (lib/db-raw-plans.ts), then sent direct, named.
      for (let i = 0; i < 6; i++) answers.push(await tx.$queryRaw<Array<{ n: bigint; s: string }>>(Prisma.sql`SELECT ${BigInt(i)} + 1 AS n, ${`it's ${i}`} AS s`));
      await tx.site.findMany({ where: { domain: "none.example" } });
      return { answers, kept: await prepared(tx) };
    });
    expect(rows.answers.map((r) => (r as Array<{ n: unknown; s: string }>).map(({ n, s }) => ({ n: Number(n), s })))).toEqual([0, 1, 2, 3, 4, 5].map((i) => [{ n: i + 1, s: `it's ${i}` }]));
    expect(rows.kept).toHaveLength(1);
    expect(rows.kept[0]!.statement).toContain("AS n");
  });

  it("prepares a kept statement once per connection and answers it every time; another text gets another name", async () => {
    const pool = new pg.Pool({ connectionString: postgres.url.replace(/[?&]schema=[^&]*/, ""), max: 1, Client: KeptStatementsClient });
    try {
      const text = `${KEPT_STATEMENT}SELECT $1::int8 * 2 AS twice`;
      for (let i = 0; i < 7; i++) expect((await pool.query({ text, values: [i] })).rows).toEqual([{ twice: String(i * 2) }]);
      await pool.query({ text: `${KEPT_STATEMENT}SELECT $1::int8 * 3 AS thrice`, values: [1] });
      await pool.query({ text: "SELECT $1::int8 AS plain", values: [1] });
      const names = (await pool.query("SELECT name FROM pg_prepared_statements ORDER BY name")).rows.map((r: { name: string }) => r.name);
      expect(names.sort()).toEqual([statementName(text), statementName(`${KEPT_STATEMENT}SELECT $1::int8 * 3 AS thrice`)].sort());
      // A failing kept statement fails as it would unnamed, and the connection goes on.
      await expect(pool.query({ text: `${KEPT_STATEMENT}SELECT 1 / $1::int8 AS x`, values: [0] })).rejects.toThrow(/division by zero/);
      expect((await pool.query({ text, values: [21] })).rows).toEqual([{ twice: "42" }]);
    } finally {
      await pool.end();
    }
  });
});
