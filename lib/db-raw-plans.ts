import { planModelQueries } from "./db-model-plans";
import { lruMemo } from "./lru-memo";

/**
 * Plans for raw statements without Prisma's query compiler.
 *
 * Prisma 6's client sends every statement, `$queryRaw` and `$executeRaw` included, through its query
 * compiler (WebAssembly) for a plan, about 60–80 µs of the one Node thread per statement: 0.9 ms of a
 * Gateway paid unlock's 9 ms, which runs eleven raw statements (bench/README.md, session 28). A raw
 * statement's plan is its SQL and its arguments, decoded from the request, beside a type per argument
 * that depends only on the argument's kind (a string, an integer, a date, …). So the compiler's plan
 * is kept per statement and shape of arguments, and later statements of that shape get the same plan
 * with their own SQL-free arguments put in. Each shape is learned from the compiler, never assumed: the
 * first `VERIFY` statements of a shape are compiled, and their plans must equal the one built here
 * (same text as JSON) or the shape is compiled from then on. Arguments of other kinds (lists, bytes,
 * unsafe integers, objects) are always compiled. Model queries are untouched.
 *
 * The compiler is reached through the client's `_engineConfig.compilerWasm.getRuntime`, which is not
 * Prisma's typed API: when a new Prisma no longer has it, statements are compiled as before and
 * `keepQueryPlans` answers false (lib/db-raw-plans.test.ts fails then, so the upgrade is noticed).
 */

/** Statements of one shape compiled and compared before the kept plan is trusted. */
const VERIFY = 2;
/** Statement shapes kept (by SQL text and argument kinds; the least recently used is dropped). */
const KEPT_SHAPES = 2048;

const RAW_REQUEST = /^\{"action":"(?:queryRaw|executeRaw)",/;
/**
 * Marks a statement that is one of a kind (a DO block with its values written in, lib/db-one-trip.ts):
 * compiled, never kept, so such statements do not push the kept shapes out.
 */
export const ONE_OF_A_KIND = "/* one of a kind */ ";
const PATCHED = Symbol.for("paid-content-hub.rawPlans");
const SHAPES = Symbol.for("paid-content-hub.rawPlanShapes");

type ArgType = unknown;
type Plan = { type: "query" | "execute"; args: { type: "rawSql"; sql: string; args: unknown[]; argTypes: ArgType[] } };
type Compile = (request: string) => unknown;
type CompilerClass = { prototype: { compile?: Compile } } & { [PATCHED]?: true };
type CompilerWasm = { getRuntime?: () => Promise<{ QueryCompiler?: CompilerClass }> } & { [PATCHED]?: true; [SHAPES]?: Shapes };

/**
 * What became of raw statements in this process: planned here, compiled (learning or not kept), or sent
 * to the driver adapter without Prisma's client (lib/db-direct-raw.ts).
 */
export const rawPlanCounts = { planned: 0, compiled: 0, direct: 0 };

type Shape = { checked: number; argTypes: ArgType[] | null }; // argTypes null: this shape is always compiled
type Shapes = ReturnType<typeof lruMemo<Shape>>;

/** A raw request read: its plan type, SQL, arguments as the plan carries them, and its shape's key; null if not plannable here. */
type RawRequest = { type: Plan["type"]; sql: string; args: unknown[]; key: string };

/**
 * Makes `client` (a PrismaClient built by createDb) plan raw statements, and model queries of a learned
 * shape (lib/db-model-plans.ts), without its compiler. Call before its first query. Answers false when
 * the client's compiler cannot be reached (see above).
 */
export function keepQueryPlans(client: object): boolean {
  const wasm = (client as { _engineConfig?: { compilerWasm?: CompilerWasm } })._engineConfig?.compilerWasm;
  if (typeof wasm?.getRuntime !== "function") return false;
  if (wasm[PATCHED]) return true;
  const getRuntime = wasm.getRuntime.bind(wasm);
  const shapes = (wasm[SHAPES] = lruMemo<Shape>(KEPT_SHAPES));
  wasm.getRuntime = async () => {
    const runtime = await getRuntime();
    if (runtime.QueryCompiler) {
      planRawStatements(runtime.QueryCompiler, shapes);
      planModelQueries(runtime.QueryCompiler);
    }
    return runtime;
  };
  wasm[PATCHED] = true;
  return true;
}

/** Replaces the compiler class's `compile` with one that answers raw statements from kept plans. */
export function planRawStatements(compiler: CompilerClass, shapes: Shapes = lruMemo<Shape>(KEPT_SHAPES)): void {
  const compile = compiler.prototype.compile;
  if (compiler[PATCHED] || typeof compile !== "function") return;
  compiler.prototype.compile = function (this: unknown, request: string) {
    const raw = typeof request === "string" && RAW_REQUEST.test(request) ? readRaw(request) : null;
    if (!raw || raw.sql.startsWith(ONE_OF_A_KIND)) return compile.call(this, request);
    const shape = shapes.peek(raw.key);
    if (shape && shape.checked >= VERIFY && shape.argTypes) {
      rawPlanCounts.planned++;
      return planOf(raw, shape.argTypes);
    }
    rawPlanCounts.compiled++;
    const compiled = compile.call(this, request);
    if (!shape || shape.argTypes) shapes.set(raw.key, learn(shape, raw, compiled));
    return compiled;
  };
  compiler[PATCHED] = true;
}

/**
 * The argument types the compiler planned for raw statements of `client`, by type, SQL text and argument
 * kinds (`rawArgument`'s), once a shape is verified: null until then. Null instead of a lookup when
 * `client` keeps no plans.
 */
export function keptArgTypes(client: object): ((type: Plan["type"], sql: string, kinds: string) => ArgType[] | null) | null {
  const shapes = (client as { _engineConfig?: { compilerWasm?: CompilerWasm } })._engineConfig?.compilerWasm?.[SHAPES];
  if (!shapes) return null;
  return (type, sql, kinds) => {
    const shape = shapes.peek(shapeKey(type, kinds, sql));
    return shape && shape.checked >= VERIFY ? shape.argTypes : null;
  };
}

function shapeKey(type: Plan["type"], kinds: string, sql: string): string {
  return `${type}\u0000${kinds}\u0000${sql}`;
}

/**
 * A raw statement's argument as its plan carries it, and its kind, straight from the JavaScript value:
 * what Prisma's client sends for it (`serializeRawParameters`, then JSON) read by `readArgument`. Null
 * for a value Prisma must take (bytes, a decimal, a list, any other object, an invalid date).
 */
export function rawArgument(value: unknown): { value: unknown; kind: string } | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return readArgument(value);
    case "number":
      // JSON writes a non-finite number as null, and -0 as 0.
      return Number.isFinite(value) ? readArgument(value === 0 ? 0 : value) : { value: null, kind: "n" };
    case "bigint":
      return { value: value.toString(), kind: "tbigint;" };
    case "undefined":
    case "function":
    case "symbol":
      return { value: null, kind: "n" };
    case "object": {
      if (value === null) return { value: null, kind: "n" };
      if (!(value instanceof Date)) return null;
      const iso: string | null = value.toJSON();
      return iso === null ? null : { value: iso, kind: "tdate;" };
    }
    default:
      return null;
  }
}

function planOf({ type, sql, args }: RawRequest, argTypes: ArgType[]): Plan {
  return { type, args: { type: "rawSql", sql, args, argTypes } };
}

/**
 * The shape after comparing the compiler's plan with the one built here, with the argument types this
 * shape has been compiled to so far: one more check passed, or never kept.
 */
function learn(shape: Shape | undefined, raw: RawRequest, compiled: unknown): Shape {
  const argTypes = shape?.argTypes ?? (compiled as Partial<Plan> | null)?.args?.argTypes;
  if (!Array.isArray(argTypes) || JSON.stringify(planOf(raw, argTypes)) !== JSON.stringify(compiled)) return { checked: 0, argTypes: null };
  return { checked: (shape?.checked ?? 0) + 1, argTypes };
}

function readRaw(request: string): RawRequest | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(request);
  } catch {
    return null;
  }
  const { action, query, ...rest } = parsed as { action?: unknown; query?: { arguments?: Record<string, unknown>; selection?: unknown } };
  if (Object.keys(rest).length > 0 || !query || Object.keys(query).length !== 2) return null;
  const { query: sql, parameters, ...more } = query.arguments ?? {};
  if (Object.keys(more).length > 0 || typeof sql !== "string" || typeof parameters !== "string") return null;
  if (!isEmptyObject(query.selection)) return null;
  let values: unknown;
  try {
    values = JSON.parse(parameters);
  } catch {
    return null;
  }
  if (!Array.isArray(values)) return null;
  const args: unknown[] = new Array(values.length);
  let kinds = "";
  for (let i = 0; i < values.length; i++) {
    const read = readArgument(values[i]);
    if (!read) return null;
    args[i] = read.value;
    kinds += read.kind;
  }
  const type = action === "queryRaw" ? "query" : "execute";
  return { type, sql, args, key: shapeKey(type, kinds, sql) };
}

/** An argument as a plan carries it, and its kind (one letter, or `t<type>;` for a typed value); null: compile it. */
function readArgument(value: unknown): { value: unknown; kind: string } | null {
  switch (typeof value) {
    case "string":
      return { value, kind: "s" };
    case "boolean":
      return { value, kind: "b" };
    case "number":
      if (Number.isInteger(value)) {
        if (value >= -2147483648 && value <= 2147483647) return { value, kind: "i" };
        return Number.isSafeInteger(value) ? { value, kind: "l" } : null;
      }
      return Number.isFinite(value) ? { value, kind: "f" } : null;
    case "object": {
      if (value === null) return { value, kind: "n" };
      if (Array.isArray(value)) return null;
      const { prisma__type: type, prisma__value: typed, ...rest } = value as { prisma__type?: unknown; prisma__value?: unknown };
      if (Object.keys(rest).length > 0 || typeof type !== "string" || typeof typed !== "string" || !/^\w+$/.test(type)) return null;
      return { value: typed, kind: `t${type};` };
    }
    default:
      return null;
  }
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
