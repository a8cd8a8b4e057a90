import { createHash } from "node:crypto";
import pg from "pg";

/**
 * Named prepared statements for the raw statements the hub sends most (PostgreSQL).
 *
 * The pg driver sends a query with arguments as an unnamed statement: PostgreSQL parses and plans it on
 * every call. Profiled (bench/README.md, session 47), planning the two reads before a sale (the item, the
 * deposit index) took about a twentieth of the machine's time. A named statement is parsed once per
 * connection, and its plan is kept (after five executions PostgreSQL keeps a generic plan when it costs
 * no more than the custom ones). So a raw statement whose shape lib/db-raw-plans.ts learned, sent direct
 * by lib/db-direct-raw.ts, carries `KEPT_STATEMENT` at its head; the pool's clients (`Client`, given to
 * the pool in lib/db-core.ts) send such a statement under a name made from its text. Only those: Prisma's
 * model queries and one-of-a-kind statements (a `DO` block with its values written in) stay unnamed.
 * Names are capped (`MAX_NAMED`); a text past the cap is sent unnamed, as before.
 */
export const KEPT_STATEMENT = "/* kept */ ";

/** Distinct statement names at most, in this process (each connection prepares those it is sent). */
export const MAX_NAMED = 1024;
const names = new Map<string, string>();

/** The name for `text`, or undefined past the cap. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `kept_${createHash("sha256").update(text).digest("hex").slice(0, 40)}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown };

/** A pg client that sends a kept statement (its text begins with KEPT_STATEMENT) as a named prepared statement. */
export class KeptStatementsClient extends pg.Client {
  // pg's query has a dozen overloads; only a config object is looked at, everything else passes through.
  query(...args: unknown[]): never {
    const config = args[0] as QueryConfig | null;
    if (config && typeof config === "object" && typeof config.text === "string" && config.name === undefined && config.text.startsWith(KEPT_STATEMENT)) {
      const name = statementName(config.text);
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
