import "server-only";
import { createHash } from "node:crypto";
import { db, type DbOrTx, isPostgres } from "@/lib/db";
import { groupCommitted } from "@/lib/db-group-commit";
import { ONE_OF_A_KIND } from "@/lib/db-raw-plans";
import { logger } from "@/lib/log/logger";
import { Prisma } from "@/lib/generated/sqlite/client";
import { randomText } from "@/lib/random-text";

/**
 * A statement of `executeInOrder`:
 * - `sql`: a write; with `oneRow`, it must change exactly one row, else the transaction fails with that message;
 * - `perform`: a `SELECT` run for its effect, its result dropped (a lock, say);
 * - `check`: a `SELECT` of one row and one column, a whole number; above `atMost`, the transaction fails
 *   with `fail(value)` (a money check: what a payer owes against what covers it).
 */
export type OrderedStatement =
  | { sql: Prisma.Sql; oneRow?: string }
  | { perform: Prisma.Sql }
  | { check: Prisma.Sql; atMost: bigint; fail: (value: bigint) => Error };

/**
 * Runs `statements` in order in the caller's transaction. On PostgreSQL they go in one round trip: a
 * call of the block's kept function (`callKept`), or one `DO` block with their arguments written in as
 * literals (`sqlLiteral`). Rows a transaction updates stay
 * locked until its commit, and on a busy hub each statement of an interactive transaction waits for the
 * one Node thread to send the next: a sale that moves its item's counters, its daily metrics and the
 * ledger's totals one statement at a time holds the item's row lock across three round trips and the
 * commit, while every other sale of that item waits (bench/README.md, session 39). SQLite has one
 * writer and no round trips: there they run one by one.
 */
export async function executeInOrder(client: DbOrTx, statements: OrderedStatement[]): Promise<void> {
  if (statements.length === 0) return;
  if (isPostgres()) {
    if (!(await callKept(statements, client))) await executeInline(client, statements);
    return;
  }
  for (const s of statements) {
    if ("perform" in s) await client.$queryRaw(s.perform);
    else if ("check" in s) {
      const [row] = await client.$queryRaw<Array<Record<string, unknown>>>(s.check);
      const value = BigInt(String(Object.values(row ?? {})[0] ?? 0));
      if (value > s.atMost) throw s.fail(value);
    } else {
      const changed = await client.$executeRaw(s.sql);
      if (s.oneRow && changed !== 1) throw new Error(s.oneRow);
    }
  }
}

/** PostgreSQL: `statements` as one inline `DO` block, in `client`'s transaction or as a statement of its own. */
async function executeInline(client: DbOrTx, statements: OrderedStatement[]): Promise<void> {
  const id = blockId();
  // A failed check raises this marker with the statement's index and the value; only this block can write it.
  const marker = `one_trip_check_${id}`;
  const body = blockBody(statements, literalWriter(), marker);
  // The body is dollar-quoted with a tag no literal in it can contain (checked: a value cannot end the block).
  const tag = `$one_trip_${id}$`;
  if (body.includes(tag)) throw new Error("executeInOrder: a value contains the block's quote tag");
  // Each statement of a DO block takes its own snapshot (READ COMMITTED), so one after a lock sees what
  // the lock's previous holder committed, as a separate statement would. No arguments: past Prisma's
  // pipeline to the connection (lib/db-direct-raw.ts).
  try {
    await client.$executeRaw(Prisma.raw(`${ONE_OF_A_KIND}DO ${tag} DECLARE n bigint; v numeric; BEGIN\n${body}\nEND ${tag}`));
  } catch (err) {
    throw checkFailure(err, marker, statements);
  }
}

/**
 * A block's own id for its marker and quote tag, which nothing else in it can write: 48 random bits, from
 * the pooled random bytes (lib/random-text.ts). Drawn with randomBytes, each was a system call: 1 % of a
 * settle's thread in its profile, 5.3 µs a call in a loop against 0.09 µs (bench/README.md, session 74).
 */
function blockId(): string {
  return randomText(6, "hex");
}

/** A failed check's own error when `err` is the marker's exception, else `err`. */
function checkFailure(err: unknown, marker: string, statements: OrderedStatement[]): unknown {
  const failed = new RegExp(`${marker}:(\\d+):(-?\\d+)`).exec(err instanceof Error ? err.message : "");
  const s = failed && statements[Number(failed[1])];
  return s && "check" in s ? s.fail(BigInt(failed[2]!)) : err;
}

/**
 * `statements` as one atomic unit of their own, outside any caller's transaction: on PostgreSQL the one
 * `DO` statement of executeInOrder is its own transaction (all of it or nothing, its locks held to its
 * end), so no BEGIN and no COMMIT go with it: one round trip in all instead of three. On SQLite they run
 * one by one, behind a savepoint in a transaction shared with the batches queued beside them and
 * committed with them (lib/db-group-commit.ts).
 */
export async function executeAtomically(statements: OrderedStatement[]): Promise<void> {
  if (!isPostgres()) return groupCommitted((tx) => executeInOrder(tx, statements));
  if (statements.length === 0) return;
  if (!(await callKept(statements, null))) await executeInline(db, statements);
}

/**
 * Kept blocks (PostgreSQL). An inline `DO` block is parsed, compiled and every statement in it planned
 * afresh each time: its values are literals and the block is gone when it ends. Profiled (bench/README.md,
 * session 46), that was about two fifths of PostgreSQL's time for a sale. The same statements with their
 * values taken from parameters are the body of a stored PL/pgSQL function, compiled once per connection,
 * each statement's plan kept there too (PL/pgSQL prepares every statement it runs). So a shape of block
 * (its text with each value replaced by its place in a parameter) seen twice becomes a function,
 * `one_trip_<hash of that text>`, created once (a worker that finds it made by another uses it; a name
 * is only ever one body); each call is then one short `SELECT` of it with the values written in as
 * literal arrays, one per type. Still one statement, its own transaction: all of it or nothing.
 *
 * A call that fails before it did anything (the function was dropped by a migration or a reset, or
 * PostgreSQL refuses the body) is then run as the inline block; a refused shape stays with it. Alone
 * (executeAtomically) the failed call was its own transaction. In a caller's transaction (executeInOrder)
 * the call goes behind a savepoint in the same round trip (`SAVEPOINT; SELECT …; RELEASE`), so such a
 * failure is rolled back to the savepoint and the transaction goes on; and the function is made on
 * another connection without waiting for it (`making`): a transaction that waited for a second
 * connection could wait forever on a pool that its like hold whole. Any other failure (a check, a
 * oneRow statement, a constraint) fails the caller's transaction, as the inline block does.
 */
type KeptShape = { name: string; seen: number; state: "seen" | "making" | "ready" | "refused" };
/** The kept function's dollar quote: the body is the code's SQL with no value in it, so only the code could contain it. */
const KEPT_TAG = "$one_trip_fn$";
const keptShapes = new Map<string, KeptShape>();
/** Shapes kept at most: past it a new shape runs inline (the webhook deliveries' rows are one shape per count). */
const MAX_KEPT_SHAPES = 128;

/** In a caller's transaction, a kept call goes behind this savepoint. */
const KEPT_SAVEPOINT = "one_trip_kept";

/** True when `statements` ran as a call of their shape's kept function: alone with `tx` null, else in `tx`'s transaction. */
async function callKept(statements: OrderedStatement[], tx: DbOrTx | null): Promise<boolean> {
  const writer = parameterWriter();
  const body = blockBody(statements, writer, null);
  let shape = keptShapes.get(body);
  if (!shape) {
    if (keptShapes.size >= MAX_KEPT_SHAPES) return false;
    if (body.includes(KEPT_TAG)) return false;
    shape = { name: `one_trip_${createHash("sha256").update(body).digest("hex").slice(0, 32)}`, seen: 0, state: "seen" };
    keptShapes.set(body, shape);
  }
  if (shape.state === "refused" || shape.state === "making") return false;
  if (shape.state === "seen") {
    if (++shape.seen < 2) return false;
    if (tx) {
      void createKept(shape, body).catch(() => {
        shape.state = "seen";
      });
      return false;
    }
    if (!(await createKept(shape, body))) return false;
  }
  const marker = `one_trip_check_${blockId()}`;
  const args = writer.lists.map((list, i) => `ARRAY[${list.map((value) => sqlLiteral(value === MARKER ? marker : value)).join(", ")}]::${PARAMETER_TYPES[i]}[]`);
  const call = `SELECT "${shape.name}"(${args.join(", ")})`;
  try {
    // Several statements in one string: the driver sends it as one simple query (it has no parameters).
    await (tx ?? db).$executeRaw(Prisma.raw(`${ONE_OF_A_KIND}${tx ? `SAVEPOINT ${KEPT_SAVEPOINT}; ${call}; RELEASE SAVEPOINT ${KEPT_SAVEPOINT}` : call}`));
    return true;
  } catch (err) {
    const state = sqlState(err);
    // Nothing ran: the function is gone (a migration or a reset dropped it; made again next time), or PostgreSQL refuses its body.
    if (!refusedStatement(state)) throw checkFailure(err, marker, statements);
    if (tx) await tx.$executeRaw(Prisma.raw(`${ONE_OF_A_KIND}ROLLBACK TO SAVEPOINT ${KEPT_SAVEPOINT}; RELEASE SAVEPOINT ${KEPT_SAVEPOINT}`));
    if (state === "42883") shape.state = "seen";
    else refuse(shape, err);
    return false;
  }
}

/** Makes the shape's function on a connection of its own (never a caller's transaction); false when PostgreSQL refuses it. */
async function createKept(shape: KeptShape, body: string): Promise<boolean> {
  const parameters = PARAMETER_TYPES.map((t) => `${t}[]`).join(", ");
  shape.state = "making";
  try {
    await db.$executeRaw(Prisma.raw(`${ONE_OF_A_KIND}CREATE FUNCTION "${shape.name}"(${parameters}) RETURNS void LANGUAGE plpgsql AS ${KEPT_TAG} DECLARE n bigint; v numeric; BEGIN\n${body}\nEND ${KEPT_TAG}`));
  } catch (err) {
    // Made already (by another worker, or before a restart): a name is only ever one body.
    const state = sqlState(err);
    if (state !== "42723" && state !== "23505") {
      // Refused (no right to create, say: class 42), or not made this time (a lost connection): tried again later.
      if (refusedStatement(state)) refuse(shape, err);
      else shape.state = "seen";
      return false;
    }
  }
  shape.state = "ready";
  return true;
}

/** A shape PostgreSQL will not take as a function runs inline from now on; said once, as it is a slower path, not a fault. */
function refuse(shape: KeptShape, err: unknown) {
  shape.state = "refused";
  logger().warn({ function: shape.name, err: (err as Error)?.message?.slice(0, 300) }, "a block runs inline: PostgreSQL refused it as a kept function");
}

/** PostgreSQL refused the statement itself, before it did anything: an unknown function, a type or a right (class 42), or a feature (0A000). */
function refusedStatement(state: string | undefined): boolean {
  return state?.startsWith("42") === true || state === "0A000";
}

/** The SQLSTATE of a driver's error as Prisma raises it for a raw statement (P2010). */
function sqlState(err: unknown): string | undefined {
  const cause = (err as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta?.driverAdapterError?.cause;
  if (typeof cause?.originalCode === "string") return cause.originalCode;
  return /Code: `([0-9A-Z]{5})`/.exec(err instanceof Error ? err.message : "")?.[1];
}

/** How a block writes its values: as literals (an inline block), or as the parameters of a kept function. */
type ValueWriter = { value(v: unknown): string };
const MARKER = Symbol("marker");

function literalWriter(): ValueWriter {
  return { value: sqlLiteral };
}

/**
 * A kept function's parameters: one array per type (PostgreSQL allows a function 100 parameters, and a
 * sale has about a hundred values). The kind of a value picks its array: `text`, `int8` (BigInts and
 * whole numbers), `boolean`, `timestamp(3)` (dates, as Prisma writes a DateTime).
 */
const PARAMETER_TYPES = ["text", "int8", "boolean", "timestamp(3)"] as const;

/** Writes each value as the next element of its type's array parameter, `$k[i]`; null stays NULL (the shape says where). */
function parameterWriter(): ValueWriter & { lists: unknown[][] } {
  const lists: unknown[][] = PARAMETER_TYPES.map(() => []);
  return {
    lists,
    value(v) {
      if (v === null || v === undefined) return "NULL";
      const k = parameterIndex(v);
      lists[k]!.push(v);
      return `$${k + 1}[${lists[k]!.length}]`;
    },
  };
}

function parameterIndex(v: unknown): number {
  if (v === MARKER || typeof v === "string") return 0;
  if (typeof v === "bigint" || typeof v === "number") return 1;
  if (typeof v === "boolean") return 2;
  if (v instanceof Date) return 3;
  throw new Error(`executeInOrder: cannot pass a ${typeof v} as a parameter`);
}

/** The statements as a PL/pgSQL block's body; a failed check raises `marker` (the marker parameter when null). */
function blockBody(statements: OrderedStatement[], w: ValueWriter, marker: string | null): string {
  const markerSql = statements.some((s) => "check" in s) ? w.value(marker ?? MARKER) : "";
  return statements.map((s, i) => plpgsql(s, i, markerSql, w)).join("\n");
}

/** One OrderedStatement as PL/pgSQL, its values written by `w`. */
function plpgsql(s: OrderedStatement, index: number, markerSql: string, w: ValueWriter): string {
  if ("perform" in s) return `${performed(s.perform, w)};`;
  if ("check" in s) {
    return `v := (${inlined(s.check, w)})::numeric; IF v > ${w.value(s.atMost)} THEN RAISE EXCEPTION USING MESSAGE = ${markerSql} || ${sqlLiteral(`:${index}:`)} || v::text; END IF;`;
  }
  return `${inlined(s.sql, w)};${s.oneRow ? ` GET DIAGNOSTICS n = ROW_COUNT; IF n <> 1 THEN RAISE EXCEPTION USING MESSAGE = ${w.value(s.oneRow)}; END IF;` : ""}`;
}

/** A `SELECT …` as PL/pgSQL runs a query whose result it drops: `PERFORM …`. */
function performed(sql: Prisma.Sql, w: ValueWriter): string {
  const text = inlined(sql, w);
  if (!/^\s*SELECT\b/i.test(text)) throw new Error("executeInOrder: perform takes a SELECT statement");
  return text.replace(/^\s*SELECT\b/i, "PERFORM");
}

/** A Prisma.Sql statement with its arguments written by `w`. */
function inlined(sql: Prisma.Sql, w: ValueWriter): string {
  return sql.strings.reduce((text, part, i) => text + part + (i < sql.values.length ? w.value(sql.values[i]) : ""), "");
}

/**
 * A value as a PostgreSQL literal: strings as E'…' (backslashes and quotes doubled, so the setting of
 * standard_conforming_strings does not matter), integers and BigInts as numbers, dates as UTC
 * timestamps (as Prisma writes a DateTime), null as NULL. Anything else is refused, never stringified.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "bigint") return `(${value})::bigint`;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`sqlLiteral: ${value} is not a safe integer`);
    return `(${value})`;
  }
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error("sqlLiteral: an invalid date");
    return `${sqlLiteral(value.toISOString().replace("T", " ").replace("Z", ""))}::timestamp(3)`;
  }
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new Error("sqlLiteral: a string with a NUL character");
    return `E'${value.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
  }
  throw new Error(`sqlLiteral: cannot write a ${typeof value} as a literal`);
}
