import { randomBytes, randomInt } from "node:crypto";
import { lruMemo } from "./lru-memo";

/**
 * Plans for model queries (`db.site.findUnique(…)`, `db.blogPost.findMany(…)`) without compiling each.
 *
 * Prisma 6's client compiles every model query's JSON request to a plan in WebAssembly on each call,
 * although the plan depends on the request's shape and only carries its values: a computed `/svc.json`
 * spent 16 % of its thread there (bench/README.md, session 61). Here a request's string values are
 * taken out, and what is left (the model, the action, field names, numbers, booleans, nulls, sort
 * directions) is its shape. For a shape seen a second time the compiler plans the shape once with
 * markers in place of the values; each marker must then appear in that plan as a whole value (a
 * parameter), and nowhere inside a longer text (a LIKE pattern built around it), or the shape is
 * compiled from then on. Later requests of the shape get that plan with their own values put at the
 * markers' places: only the nodes on the way to a value are copied, the rest is shared and frozen.
 *
 * As with raw statements (lib/db-raw-plans.ts), nothing is assumed: the first `VERIFY` requests of a
 * shape are still compiled, and their plans must equal the one built here (same JSON) or the shape is
 * compiled from then on. A request without a string value is a shape of its own, whose kept plan is the
 * whole plan. Dates and big integers (`{"$type":"DateTime"|"BigInt","value":…}`, how the client sends a
 * `Date` and a `bigint`) are values like strings. The compiler reads each and writes it back in its own
 * form, so such a value is planned here only in that form (`toISOString`'s for years 0–9999; a decimal
 * integer without leading zeros within 64 bits), and its marker is a value of its type: a time on
 * 1 January of year 1, and an integer just above -2^63 + 10^17, each random per process. Before session 70
 * they were compiled on each call, 0.2–0.9 ms each: the settler's queries, every background pass's lease,
 * the deposit index's writes. Requests holding other typed values (bytes, decimals, JSON, field
 * references) are always compiled, as are shapes seen once (a page's skip is a number, and part of the
 * shape) and requests over 64 KB.
 */

/** Requests of one shape compiled and compared before its plan is trusted. */
const VERIFY = 2;
/** Shapes kept (the least recently used is dropped). */
const KEPT_SHAPES = 1024;
/**
 * String values that are a query's structure, not its data: sort directions, where nulls go, a
 * filter's mode. They stay in the shape (a marker in their place would not compile anyway).
 */
const STRUCTURAL = new Set(['"asc"', '"desc"', '"first"', '"last"', '"insensitive"', '"default"']);
/** Keys whose string value is structure: the model, the action, a typed value's type (only dates and big integers get this far). */
const STRUCTURAL_KEYS = new Set(['"modelName"', '"action"', '"$type"']);

const PATCHED = Symbol.for("paid-content-hub.modelPlans");
/** A marker no value holds: random per process, ASCII so that no JSON escaping touches it. */
const MARK = `__hub_plan_${randomBytes(6).toString("hex")}_`;
/**
 * A typed value's marker must be a value of its type that the compiler takes and writes back unchanged:
 * for the i-th value, a date `DATE_BASE + i` milliseconds into 1 January of year 1, or the integer
 * `BIG_BASE - i` (BIG_BASE random per process, just above -2^63 + 10^17): values no query of the hub holds.
 */
const DATE_DAY = "0001-01-01T";
const MS_A_DAY = 86_400_000;
const DATE_BASE = randomInt(0, MS_A_DAY / 2);
const BIG_PREFIX = "-9100000";
// Below 10^11 (and i far below that), so every marker begins with BIG_PREFIX. It was below 2^40 until
// session 73: in one process of eleven BIG_BASE began "-9100001", no marker was found in a plan, and no
// query holding a big integer was ever planned (db-core.test.ts and db-model-plans.test.ts failed then).
const BIG_BASE = -9_100_000_000_000_000_000n - BigInt(randomInt(0, 10 ** 11));
type Typed = "DateTime" | "BigInt";
const typedMark = (type: Typed, i: number) =>
  type === "DateTime" ? `${DATE_DAY}${new Date((DATE_BASE + i) % MS_A_DAY).toISOString().slice(11)}` : String(BIG_BASE - BigInt(i));
/** A date or a big integer as the client sends it; planned only in the compiler's own form (`canonical`). */
const TYPED_VALUE = /\{"\$type":"(DateTime|BigInt)","value":"([^"\\]*)"\}/g;
const TYPED = /"\$type":/g;
const I64 = 2n ** 63n;
function canonical(type: Typed, value: string): boolean {
  if (type === "DateTime") return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value);
  if (!/^(0|-?[1-9]\d{0,18})$/.test(value)) return false;
  const n = BigInt(value);
  return n >= -I64 && n < I64;
}

/**
 * What became of model queries in this process: planned here, or compiled (seen once, learning, never
 * kept, or never read here: other typed values, long requests). Until session 70 the last were not
 * counted, which hid that every request with a date was compiled.
 */
export const modelPlanCounts = { planned: 0, compiled: 0 };

type Compile = (request: string) => unknown;
type CompilerClass = { prototype: { compile?: Compile } } & { [PATCHED]?: true };
/** Where a request's values go in its shape's plan: a key to follow, or the index of the value to put there. */
type Holes = Map<string | number, Holes | number>;
type Shape =
  | { state: "seen" }
  | { state: "never" }
  | { state: "learning" | "kept"; checked: number; plan: unknown; holes: Holes };

/**
 * A request read: its shape's key, its string values in order, where each value's literal starts and
 * ends, and which values are typed (a date or a big integer, by their index in `values`; absent when none is).
 */
type ModelRequest = { key: string; values: string[]; spans: number[]; typed?: Map<number, Typed> };

const STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/g;
/**
 * Requests longer than this go to the compiler as they are: reading a long one's strings here costs
 * about what compiling it does (a row written with a large text), and such writes are rare.
 */
const MAX_READ = 64 * 1024;

/**
 * The request's shape and values, or null when it is not planned here (a raw statement, a typed value
 * other than a date or a big integer in the compiler's form, a request without a model, a long request).
 */
export function readModelRequest(request: string): ModelRequest | null {
  if (request.length > MAX_READ || !request.startsWith('{"modelName":')) return null;
  // Where each typed value's literal starts, when every typed value is a date or a big integer in the compiler's own form.
  let typedAt: Map<number, Typed> | null = null;
  if (request.includes('"$type"')) {
    typedAt = new Map();
    for (const m of request.matchAll(TYPED_VALUE)) {
      if (!canonical(m[1] as Typed, m[2]!)) return null;
      typedAt.set(m.index + m[0].length - m[2]!.length - 3, m[1] as Typed);
    }
    if ([...request.matchAll(TYPED)].length !== typedAt.size) return null;
  }
  const values: string[] = [];
  const spans: number[] = [];
  let typed: Map<number, Typed> | undefined;
  let key = "";
  let from = 0;
  let lastKey = "";
  for (const match of request.matchAll(STRING)) {
    const literal = match[0];
    const end = match.index + literal.length;
    if (request.charCodeAt(end) === 58 /* ":" */) {
      lastKey = literal;
      continue;
    }
    if (STRUCTURAL.has(literal) || STRUCTURAL_KEYS.has(lastKey)) continue;
    key += `${request.slice(from, match.index)}\u0001`;
    const type = typedAt?.get(match.index);
    if (type) (typed ??= new Map()).set(values.length, type);
    values.push(JSON.parse(literal) as string);
    spans.push(match.index, end);
    from = end;
  }
  // A request without a string value (booleans, numbers and nulls only: a sitemap's list of hosted blogs)
  // is its own shape, planned the same way with nothing to put in: 0.6 ms compiled on every call.
  return { key: key + request.slice(from), values, spans, ...(typed && { typed }) };
}

/** The request with a marker in place of each value: what its shape is compiled from, once. */
function markedRequest(request: string, { spans, typed }: ModelRequest): string {
  let marked = "";
  let from = 0;
  for (let i = 0; i < spans.length; i += 2) {
    const index = i / 2;
    const type = typed?.get(index);
    marked += `${request.slice(from, spans[i])}"${type ? typedMark(type, index) : `${MARK}${index}`}"`;
    from = spans[i + 1]!;
  }
  return marked + request.slice(from);
}

/**
 * Replaces the compiler class's `compile` with one that answers model queries of a learned shape
 * from its kept plan. Raw statements and everything not read as a model query pass through.
 */
export function planModelQueries(compiler: CompilerClass, shapes = lruMemo<Shape>(KEPT_SHAPES)): void {
  const compile = compiler.prototype.compile;
  if (compiler[PATCHED] || typeof compile !== "function") return;
  compiler.prototype.compile = function (this: unknown, request: string) {
    const read = typeof request === "string" ? readModelRequest(request) : null;
    if (!read) {
      if (typeof request === "string" && request.startsWith('{"modelName":')) modelPlanCounts.compiled++;
      return compile.call(this, request);
    }
    let shape = shapes.peek(read.key);
    if (shape?.state === "kept") {
      modelPlanCounts.planned++;
      return fill(shape.plan, shape.holes, read.values);
    }
    modelPlanCounts.compiled++;
    if (!shape) {
      shapes.set(read.key, { state: "seen" });
      return compile.call(this, request);
    }
    if (shape.state === "seen") {
      shape = template(() => compile.call(this, markedRequest(request, read)), read.values.length, read.typed);
      shapes.set(read.key, shape);
    }
    const compiled = compile.call(this, request);
    if (shape.state === "learning") {
      const same = JSON.stringify(fill(shape.plan, shape.holes, read.values)) === JSON.stringify(compiled);
      shapes.set(read.key, same ? { ...shape, checked: shape.checked + 1, state: shape.checked + 1 >= VERIFY ? "kept" : "learning" } : { state: "never" });
    }
    return compiled;
  };
  compiler[PATCHED] = true;
}

/**
 * The shape's plan with markers, and where each value goes; never kept when it does not compile, when
 * a value is missing from it, or when a marker sits inside a longer text.
 */
function template(compileMarked: () => unknown, count: number, typed?: Map<number, Typed>): Shape {
  let plan: unknown;
  try {
    plan = compileMarked();
  } catch {
    return { state: "never" };
  }
  const holes: Holes = new Map();
  const found = new Set<number>();
  const typedMarks = new Map([...(typed ?? [])].map(([i, type]) => [typedMark(type, i), i]));
  /** The value a plan's text stands for: its index, null for a marker that is not the whole text, undefined for none. */
  const markerIndex = (text: string): number | null | undefined => {
    // A typed value's marker, as the compiler wrote it back.
    if (typedMarks.size > 0 && (text.includes(DATE_DAY) || text.includes(BIG_PREFIX))) return typedMarks.get(text) ?? null;
    if (!text.includes(MARK)) return undefined;
    const index = text.startsWith(MARK) ? Number(text.slice(MARK.length)) : NaN;
    return Number.isInteger(index) && `${MARK}${index}` === text && index < count ? index : null;
  };
  let clean = true;
  const walk = (node: unknown, into: Holes): boolean => {
    if (typeof node !== "object" || node === null) return false;
    let any = false;
    for (const [k, child] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
      if (typeof child === "string") {
        const index = markerIndex(child);
        if (index === null) clean = false;
        else if (index !== undefined) {
          into.set(k, index);
          found.add(index);
          any = true;
        }
        continue;
      }
      const sub: Holes = new Map();
      if (walk(child, sub)) {
        into.set(k, sub);
        any = true;
      }
    }
    return any;
  };
  walk(plan, holes);
  if (!clean || found.size !== count) return { state: "never" };
  return { state: "learning", checked: 0, plan: deepFreeze(plan), holes };
}

/** The plan with the values at their holes: the nodes on the way copied, everything else shared. */
function fill(node: unknown, holes: Holes, values: string[]): unknown {
  const copy = (Array.isArray(node) ? node.slice() : { ...(node as object) }) as Record<string | number, unknown>;
  for (const [k, hole] of holes) copy[k] = typeof hole === "number" ? values[hole] : fill(copy[k], hole, values);
  return copy;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
