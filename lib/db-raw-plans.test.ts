import { describe, expect, it } from "vitest";
import { planRawStatements, rawPlanCounts } from "./db-raw-plans";

// The compiler's side of lib/db-raw-plans.ts with a stand-in compiler: what it keeps, and what it never
// answers itself. lib/db-core.test.ts runs the same against Prisma's own compiler on both databases.

type Plan = { type: string; args: { type: string; sql: string; args: unknown[]; argTypes: unknown[] } };

function request(action: string, sql: string, parameters: unknown[]) {
  return JSON.stringify({ action, query: { arguments: { query: sql, parameters: JSON.stringify(parameters) }, selection: {} } });
}

/** A compiler class whose `compile` plans as Prisma's does (or as `plan` says) and counts its calls. */
function compilerClass(plan = (r: { action: string; sql: string; args: unknown[] }): unknown => asPrisma(r)) {
  const calls: string[] = [];
  class Compiler {
    compile(text: string) {
      calls.push(text);
      const parsed = JSON.parse(text) as { action: string; query: { arguments: { query: string; parameters: string } } };
      if (!parsed.action.endsWith("Raw")) return { type: "model", text };
      const args = (JSON.parse(parsed.query.arguments.parameters) as unknown[]).map((v) => (v && typeof v === "object" && "prisma__value" in v ? v.prisma__value : v));
      return plan({ action: parsed.action, sql: parsed.query.arguments.query, args });
    }
  }
  planRawStatements(Compiler);
  return { compiler: new Compiler(), calls };
}

function asPrisma({ action, sql, args }: { action: string; sql: string; args: unknown[] }): Plan {
  const argTypes = args.map((a) => ({ arity: "scalar", scalarType: typeof a === "number" ? "int" : "string", dbType: null }));
  return { type: action === "queryRaw" ? "query" : "execute", args: { type: "rawSql", sql, args, argTypes } };
}

describe("planRawStatements", () => {
  it("compiles the first two statements of a shape, then plans the rest itself, each with its own arguments", () => {
    const { compiler, calls } = compilerClass();
    const before = { ...rawPlanCounts };
    const plans = [1, 2, 3, 4].map((i) => compiler.compile(request("queryRaw", 'SELECT * FROM "T" WHERE "id" = ? AND "at" < ?', [i, { prisma__type: "date", prisma__value: `2026-01-0${i}T00:00:00.000Z` }])));
    expect(plans).toEqual([1, 2, 3, 4].map((i) => asPrisma({ action: "queryRaw", sql: 'SELECT * FROM "T" WHERE "id" = ? AND "at" < ?', args: [i, `2026-01-0${i}T00:00:00.000Z`] })));
    expect(calls).toHaveLength(2);
    expect(rawPlanCounts.planned - before.planned).toBe(2);
    // Another kind of argument in the same statement is another shape, learned again.
    compiler.compile(request("queryRaw", 'SELECT * FROM "T" WHERE "id" = ? AND "at" < ?', ["x", null]));
    expect(calls).toHaveLength(3);
  });

  it("never plans a shape whose compiled plan differs from the one it would build", () => {
    const { compiler, calls } = compilerClass((r) => ({ ...asPrisma(r), extra: true }));
    const sql = 'UPDATE "T" SET "n" = ?';
    for (let i = 0; i < 4; i++) expect(compiler.compile(request("executeRaw", sql, [i]))).toMatchObject({ extra: true, args: { args: [i] } });
    expect(calls).toHaveLength(4);
  });

  it("compiles model queries, lists, objects, unsafe integers and malformed requests every time", () => {
    const { compiler, calls } = compilerClass();
    const texts = [
      JSON.stringify({ action: "findUnique", modelName: "T", query: { arguments: { where: { id: 1 } }, selection: { $scalars: true } } }),
      request("queryRaw", "SELECT ?", [[1, 2]]),
      request("queryRaw", "SELECT ?", [{ a: 1 }]),
      request("queryRaw", "SELECT ?", [2 ** 60]),
      request("queryRaw", "SELECT ?", [{ prisma__type: "bytes", prisma__value: "AA==", more: 1 }]),
    ];
    for (let round = 0; round < 3; round++) for (const text of texts) compiler.compile(text);
    expect(calls).toHaveLength(15);
  });
});
