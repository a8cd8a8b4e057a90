import { describe, expect, it } from "vitest";
import { modelPlanCounts, planModelQueries, readModelRequest } from "./db-model-plans";

// The compiler's side of lib/db-model-plans.ts with stand-in compilers: what it keeps, and what it
// never answers itself. lib/db-core.test.ts runs model queries through Prisma's own compiler on both
// databases, where every kept plan is also compared with the compiler's.

type Request = { modelName: string; action: string; query: { arguments: Record<string, unknown>; selection: Record<string, unknown> } };

const find = (where: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ modelName: "Post", action: "findMany", query: { arguments: { where, ...extra }, selection: { $scalars: true } } });

/** A plan as Prisma's has it: the SQL in fragments, the values as a parameter list, the structure beside. */
function asPrisma(text: string) {
  const r = JSON.parse(text) as Request;
  const values: unknown[] = [];
  const cols: string[] = [];
  for (const [k, v] of Object.entries(r.query.arguments.where as Record<string, unknown>)) {
    cols.push(k);
    values.push(v);
  }
  const limit = r.query.arguments.take;
  return {
    type: "dataMap",
    args: {
      expr: { type: "query", args: { type: "templateSql", fragments: cols.map((c) => `"${c}" = ?`), args: limit === undefined ? values : [...values, String(limit)] } },
      structure: { model: r.modelName, fields: { id: "string", title: "string" } },
    },
  };
}

function compilerClass(plan: (text: string) => unknown = asPrisma) {
  const calls: string[] = [];
  class Compiler {
    compile(text: string) {
      calls.push(text);
      return plan(text);
    }
  }
  planModelQueries(Compiler);
  return { compiler: new Compiler(), calls };
}

describe("readModelRequest", () => {
  it("takes the string values out of the shape and keeps the model, the action, numbers and sort directions in it", () => {
    const a = readModelRequest(find({ siteId: "s1", status: "published" }, { orderBy: [{ publishedAt: "desc" }], take: 20 }))!;
    const b = readModelRequest(find({ siteId: "s2", status: 'say "hi"\n' }, { orderBy: [{ publishedAt: "desc" }], take: 20 }))!;
    expect(a.values).toEqual(["s1", "published"]);
    expect(b.values).toEqual(["s2", 'say "hi"\n']);
    expect(a.key).toBe(b.key);
    expect(a.key).toContain('"modelName":"Post","action":"findMany"');
    expect(readModelRequest(find({ siteId: "s1", status: "x" }, { orderBy: [{ publishedAt: "asc" }], take: 20 }))!.key).not.toBe(a.key);
    expect(readModelRequest(find({ siteId: "s1", status: "x" }, { orderBy: [{ publishedAt: "desc" }], take: 21 }))!.key).not.toBe(a.key);
    expect(readModelRequest(find({ siteId: "s1", status: null }))!.key).not.toBe(readModelRequest(find({ siteId: "s1", status: "x" }))!.key);
  });

  it("leaves raw statements, typed values and long requests to the compiler; a request without a string value is its own shape", () => {
    expect(readModelRequest(JSON.stringify({ action: "queryRaw", query: { arguments: { query: "SELECT 1", parameters: "[]" }, selection: {} } }))).toBeNull();
    expect(readModelRequest(find({ siteId: "s1", b: { $type: "Bytes", value: "AAE=" } }))).toBeNull();
    expect(readModelRequest(find({ at: { $type: "DateTime", value: "2026-01-01T00:00:00.000Z" }, b: { $type: "Bytes", value: "AAE=" } }))).toBeNull();
    // A date or an integer in another form than the compiler writes back (it would answer with its own), or beyond 64 bits.
    expect(readModelRequest(find({ at: { $type: "DateTime", value: "2026-01-01T00:00:00Z" } }))).toBeNull();
    expect(readModelRequest(find({ at: { $type: "DateTime", value: "+020000-01-01T00:00:00.000Z" } }))).toBeNull();
    for (const value of ["012", "-0", "+5", "1e3", "9223372036854775808", "-9223372036854775809"]) expect(readModelRequest(find({ n: { $type: "BigInt", value } }))).toBeNull();
    expect(readModelRequest(find({ views: 3 }))).toEqual({ key: find({ views: 3 }), values: [], spans: [] });
    expect(readModelRequest(find({ views: 3 }))!.key).not.toBe(readModelRequest(find({ views: 4 }))!.key);
    expect(readModelRequest(find({ body: "x".repeat(70_000) }))).toBeNull();
    expect(readModelRequest(find({ body: "x".repeat(60_000) }))?.values).toEqual(["x".repeat(60_000)]);
  });
  it("takes a date or a big integer out of the shape as a value, in the compiler's own form only, and keeps its type in the shape", () => {
    const at = (value: string) => find({ siteId: "s1", at: { $type: "DateTime", value } });
    const a = readModelRequest(at("2026-01-01T00:00:00.000Z"))!;
    expect(a.values).toEqual(["s1", "2026-01-01T00:00:00.000Z"]);
    expect(a.typed).toEqual(new Map([[1, "DateTime"]]));
    const big = readModelRequest(find({ n: { $type: "BigInt", value: "-9223372036854775808" }, at: { $type: "DateTime", value: "2026-01-01T00:00:00.000Z" }, m: { $type: "BigInt", value: "0" } }))!;
    expect(big.values).toEqual(["-9223372036854775808", "2026-01-01T00:00:00.000Z", "0"]);
    expect(big.typed).toEqual(new Map([[0, "BigInt"], [1, "DateTime"], [2, "BigInt"]]));
    expect(readModelRequest(at("2027-06-30T23:59:59.999Z"))!.key).toBe(a.key);
    // A string where the date was is another shape; a string that looks like a typed value is a string.
    expect(readModelRequest(find({ siteId: "s1", at: "2026-01-01T00:00:00.000Z" }))!.key).not.toBe(a.key);
    const quoted = readModelRequest(find({ title: '{"$type":"DateTime","value":"2026-01-01T00:00:00.000Z"}' }));
    expect(quoted === null || quoted.typed === undefined).toBe(true);
  });
});

describe("planModelQueries", () => {
  it("compiles a shape's first request, learns it from the second and third, then plans the rest itself with their own values", () => {
    const { compiler, calls } = compilerClass();
    const before = { ...modelPlanCounts };
    const texts = [1, 2, 3, 4, 5, 6].map((i) => find({ siteId: `site-${i}`, slug: `"quoted" \\ ${i}` }, { take: 5 }));
    const plans = texts.map((t) => compiler.compile(t));
    expect(plans).toEqual(texts.map(asPrisma));
    // The first as it came; the second as the shape with markers and as itself; the third as itself; none after.
    expect(calls).toHaveLength(4);
    expect(calls[1]).not.toContain("site-2");
    expect(modelPlanCounts.planned - before.planned).toBe(3);
    // A planned plan is the kept one with its own values: changing it leaves the next one as it should be.
    const mine = compiler.compile(find({ siteId: "mine", slug: "x" }, { take: 5 })) as ReturnType<typeof asPrisma>;
    (mine.args.expr.args.args as unknown[])[0] = "changed";
    expect(compiler.compile(find({ siteId: "next", slug: "y" }, { take: 5 }))).toEqual(asPrisma(find({ siteId: "next", slug: "y" }, { take: 5 })));
    expect(calls).toHaveLength(4);
  });

  it("plans a request without a string value from its own kept plan after learning it, and a change to one answer leaves the next as it should be", () => {
    const { compiler, calls } = compilerClass();
    const text = find({ hosted: true, removedAt: null }, { take: 3 });
    const plans = [1, 2, 3, 4, 5].map(() => compiler.compile(text));
    expect(plans).toEqual(Array(5).fill(asPrisma(text)));
    expect(calls).toHaveLength(4); // as it came; learnt (once more, as its own shape) and checked twice; none after
    const mine = compiler.compile(text) as ReturnType<typeof asPrisma>;
    mine.type = "changed";
    // What it shares with the kept plan cannot be changed under the next request: it is frozen.
    expect(() => ((mine.args.expr.args.args as unknown[])[0] = "changed")).toThrow(TypeError);
    expect(compiler.compile(text)).toEqual(asPrisma(text));
    expect(calls).toHaveLength(4);
  });

  it("plans a date and a big integer with a value of its type for its marker, as the compiler, which reads each, writes them back", () => {
    // Prisma's compiler refuses a date or an integer it cannot read and writes each one back in its own form.
    const withDates = (t: string) => {
      const plan = asPrisma(t);
      plan.args.expr.args.args = plan.args.expr.args.args.map((v) => {
        if (typeof v !== "object" || v === null) return v;
        const { $type, value } = v as { $type: string; value: string };
        if ($type === "BigInt") {
          if (!/^-?\d+$/.test(value)) throw new Error("invalid integer");
          return BigInt(value).toString();
        }
        const date = new Date(value);
        if (Number.isNaN(date.getTime())) throw new Error("invalid date");
        return date.toISOString();
      });
      return plan;
    };
    const { compiler, calls } = compilerClass(withDates);
    const before = { ...modelPlanCounts };
    const texts = [1, 2, 3, 4, 5, 6].map((i) =>
      find({ siteId: `s${i}`, at: { $type: "DateTime", value: new Date(Date.UTC(2026, 0, i, 9, 30, 0, i)).toISOString() }, n: { $type: "BigInt", value: String(10n ** 18n * BigInt(i) - 1n) } }),
    );
    expect(texts.map((t) => compiler.compile(t))).toEqual(texts.map(withDates));
    expect(calls).toHaveLength(4);
    expect(calls[1]).toMatch(/"siteId":"__hub_plan_[0-9a-f]+_0","at":\{"\$type":"DateTime","value":"0001-01-01T\d\d:\d\d:\d\d\.\d{3}Z"\},"n":\{"\$type":"BigInt","value":"-9100000\d{12}"\}/);
    expect(modelPlanCounts.planned - before.planned).toBe(3);
  });

  it("counts a model query it leaves to the compiler unread (bytes) as compiled", () => {
    const { compiler, calls } = compilerClass();
    const before = { ...modelPlanCounts };
    for (let i = 0; i < 4; i++) compiler.compile(find({ siteId: "s", b: { $type: "Bytes", value: `AA${i}=` } }));
    expect(modelPlanCounts.compiled - before.compiled).toBe(4);
    expect(modelPlanCounts.planned).toBe(before.planned);
    expect(calls).toHaveLength(4);
  });

  it("never plans a shape whose compiled plans differ from the one it would build", () => {
    let n = 0;
    const { compiler, calls } = compilerClass((t) => ({ ...asPrisma(t), n: n++ }));
    const answered = new Set<number>();
    for (let i = 0; i < 5; i++) answered.add((compiler.compile(find({ siteId: `s${i}` })) as { n: number }).n);
    expect(answered.size).toBe(5); // each the compiler's own
    expect(calls).toHaveLength(6); // the marked one once, every request itself
  });

  it("never plans a shape whose value sits inside a longer text of the plan, or is missing from it", () => {
    const inside = compilerClass((t) => {
      const plan = asPrisma(t);
      plan.args.expr.args.args = plan.args.expr.args.args.map((v) => `%${String(v)}%`);
      return plan;
    });
    const missing = compilerClass((t) => ({ ...asPrisma(t), args: { expr: null, structure: {} } }));
    for (const { compiler, calls } of [inside, missing]) {
      for (let i = 0; i < 5; i++) compiler.compile(find({ title: `t${i}` }));
      expect(calls).toHaveLength(6);
    }
  });

  it("never plans a shape whose marked request does not compile, and passes the compiler's own errors on", () => {
    const { compiler, calls } = compilerClass((t) => {
      if (t.includes("__hub_plan_")) throw new Error("invalid value");
      if (t.includes("bad")) throw new Error("compiler says no");
      return asPrisma(t);
    });
    for (let i = 0; i < 5; i++) expect(compiler.compile(find({ kind: `k${i}` }))).toEqual(asPrisma(find({ kind: `k${i}` })));
    expect(calls).toHaveLength(6);
    expect(() => compiler.compile(find({ other: "bad" }))).toThrow("compiler says no");
  });
});
