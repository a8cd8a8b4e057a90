import "server-only";
import { randomBytes } from "node:crypto";
import { db, type DbOrTx, isPostgres } from "@/lib/db";
import { ONE_OF_A_KIND } from "@/lib/db-raw-plans";
import { Prisma } from "@/lib/generated/sqlite/client";

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
 * Runs `statements` in order in the caller's transaction. On PostgreSQL they go in one round trip: one
 * `DO` block, their arguments written in as literals (`sqlLiteral`). Rows a transaction updates stay
 * locked until its commit, and on a busy hub each statement of an interactive transaction waits for the
 * one Node thread to send the next: a sale that moves its item's counters, its daily metrics and the
 * ledger's totals one statement at a time holds the item's row lock across three round trips and the
 * commit, while every other sale of that item waits (bench/README.md, session 39). SQLite has one
 * writer and no round trips: there they run one by one.
 */
export async function executeInOrder(client: DbOrTx, statements: OrderedStatement[]): Promise<void> {
  if (statements.length === 0) return;
  if (!isPostgres()) {
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
    return;
  }
  const id = randomBytes(6).toString("hex");
  // A failed check raises this marker with the statement's index and the value; only this block can write it.
  const marker = `one_trip_check_${id}`;
  const body = statements.map((s, i) => plpgsql(s, i, marker)).join("\n");
  // The body is dollar-quoted with a tag no literal in it can contain (checked: a value cannot end the block).
  const tag = `$one_trip_${id}$`;
  if (body.includes(tag)) throw new Error("executeInOrder: a value contains the block's quote tag");
  // Each statement of a DO block takes its own snapshot (READ COMMITTED), so one after a lock sees what
  // the lock's previous holder committed, as a separate statement would. No arguments: past Prisma's
  // pipeline to the connection (lib/db-direct-raw.ts).
  try {
    await client.$executeRaw(Prisma.raw(`${ONE_OF_A_KIND}DO ${tag} DECLARE n bigint; v numeric; BEGIN\n${body}\nEND ${tag}`));
  } catch (err) {
    const failed = new RegExp(`${marker}:(\\d+):(-?\\d+)`).exec(err instanceof Error ? err.message : "");
    const s = failed && statements[Number(failed[1])];
    if (s && "check" in s) throw s.fail(BigInt(failed[2]!));
    throw err;
  }
}

/**
 * `statements` as one atomic unit of their own, outside any caller's transaction: on PostgreSQL the one
 * `DO` statement of executeInOrder is its own transaction (all of it or nothing, its locks held to its
 * end), so no BEGIN and no COMMIT go with it: one round trip in all instead of three. On SQLite they run
 * in a transaction, one by one.
 */
export async function executeAtomically(statements: OrderedStatement[]): Promise<void> {
  if (isPostgres()) await executeInOrder(db, statements);
  else await db.$transaction((tx) => executeInOrder(tx, statements));
}

/** One OrderedStatement as PL/pgSQL. */
function plpgsql(s: OrderedStatement, index: number, marker: string): string {
  if ("perform" in s) return `${performed(s.perform)};`;
  if ("check" in s) {
    return `v := (${inlined(s.check)})::numeric; IF v > ${sqlLiteral(s.atMost)} THEN RAISE EXCEPTION USING MESSAGE = ${sqlLiteral(`${marker}:${index}:`)} || v::text; END IF;`;
  }
  return `${inlined(s.sql)};${s.oneRow ? ` GET DIAGNOSTICS n = ROW_COUNT; IF n <> 1 THEN RAISE EXCEPTION USING MESSAGE = ${sqlLiteral(s.oneRow)}; END IF;` : ""}`;
}

/** A `SELECT …` as PL/pgSQL runs a query whose result it drops: `PERFORM …`. */
function performed(sql: Prisma.Sql): string {
  const text = inlined(sql);
  if (!/^\s*SELECT\b/i.test(text)) throw new Error("executeInOrder: perform takes a SELECT statement");
  return text.replace(/^\s*SELECT\b/i, "PERFORM");
}

/** A Prisma.Sql statement with its arguments written in as PostgreSQL literals. */
function inlined(sql: Prisma.Sql): string {
  return sql.strings.reduce((text, part, i) => text + part + (i < sql.values.length ? sqlLiteral(sql.values[i]) : ""), "");
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
