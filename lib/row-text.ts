import "server-only";
import { isPostgres } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import { lruMemo } from "@/lib/lru-memo";

/**
 * A row as one text: its columns, in order, as a JSON array the database writes (SQLite's `json_array`,
 * PostgreSQL's `json_build_array`). Reading one text value costs the thread far less than reading the
 * columns as values (explore's 21 rows of 33 columns in better-sqlite3: 68 µs against 177 µs;
 * bench/README.md, "Issue 38, session 64"), and the text is a key: two rows have the same text only when
 * every one of those columns is equal, so whatever is built from them alone can be kept under it
 * (`keptByRowText`) and is never out of date, since a changed column is a new text.
 */

/** How a column is written into the text exactly, and read back as Prisma's raw results give it. */
export type ColumnKind = "text" | "int" | "bigint" | "real" | "bool" | "date";
/** A column: its SQL (`c."id"`) and its kind. */
export type RowColumn = { readonly sql: string; readonly kind: ColumnKind };

const textSql = new WeakMap<readonly RowColumn[], Prisma.Sql>();

/** The columns' text, as an SQL expression (built once per list: the database is the process's). */
function rowTextSql(columns: readonly RowColumn[]): Prisma.Sql {
  let sql = textSql.get(columns);
  if (!sql) {
    const list = Prisma.join(columns.map(({ sql, kind }) => Prisma.raw(exactly(sql, kind))));
    sql = isPostgres() ? Prisma.sql`json_build_array(${list})::text` : Prisma.sql`json_array(${list})`;
    textSql.set(columns, sql);
  }
  return sql;
}

/**
 * A column as the text holds it exactly. A 64-bit integer as its digits (a JSON number past 2^53 reads
 * back rounded). A floating-point value through SQLite's `quote`, since its JSON writes 15 significant
 * digits and two different doubles could share them (PostgreSQL writes the shortest exact form already).
 */
function exactly(sql: string, kind: ColumnKind): string {
  if (kind === "bigint") return isPostgres() ? `${sql}::text` : `CAST(${sql} AS TEXT)`;
  if (kind === "real" && !isPostgres()) return `quote(${sql})`;
  return sql;
}

/** The values a text holds, in the columns' order, as a raw query gives them (Date, bigint, boolean, number). */
function readRowText(text: string, columns: readonly RowColumn[]): unknown[] {
  const values = JSON.parse(text) as unknown[];
  for (let i = 0; i < columns.length; i++) values[i] = valueOf(values[i] ?? null, columns[i]!.kind);
  return values;
}

function valueOf(value: unknown, kind: ColumnKind): unknown {
  // SQLite's `quote` writes a NULL as the word.
  if (value === null || (kind === "real" && value === "NULL")) return null;
  switch (kind) {
    case "text":
      return value;
    case "int":
    case "real":
      return Number(value);
    case "bigint":
      return BigInt(value as string);
    case "bool":
      return Boolean(value);
    case "date":
      return utcDate(value as string);
  }
}

/**
 * A stored time as a Date. SQLite holds what Prisma wrote (ISO 8601 with its offset); PostgreSQL's JSON
 * writes a `timestamp(3)` without a zone, which is UTC here, as Prisma reads it.
 */
function utcDate(text: string): Date {
  return new Date(/(?:Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text.replace(" ", "T")}Z`);
}

/**
 * Values built from rows, kept by each row's text, for the most recently used `max` rows: `of(text)` is
 * the kept value, or builds it from the text's values (`build`, given them in the columns' order) and
 * keeps it. A value built from its row alone is good for as long as the row's text is the same, unless
 * it also depends on the time: `build` then says the last instant it holds (`until`, ms since the epoch;
 * a verified site's proof goes stale at a known time), and it is built again after it. `sql()` is the
 * columns' text for the statement that reads the rows (`rowTextSql`).
 *
 * One entry per row, not per text: the first column is the row's id, and a row's new text (a card's
 * counters after a sale or a view) replaces its old one, which no reader will ask for again. Kept by
 * text, a hub selling one item kept a new card per sale until the bound was full (5,000 cards of about
 * 4 KB in each worker): half of each worker's live-heap growth in a ten-minute soak (bench/README.md,
 * "Issue 38, session 69"). An entry answers only the exact text it was built from.
 */
export function keptByRowText<V>(columns: readonly RowColumn[], max: number, build: (values: unknown[]) => { value: V; until?: number }) {
  if (!/(^|\.)"id"$/.test(columns[0]?.sql ?? "")) throw new Error(`keptByRowText: the first column must be the row's id, not ${columns[0]?.sql}`);
  const kept = lruMemo<{ text: string; value: V; until: number }>(max);
  return {
    sql: () => rowTextSql(columns),
    of(text: string, now = Date.now()): V {
      const id = rowIdOf(text);
      const entry = kept.peek(id);
      if (entry && entry.text === text && now <= entry.until) return entry.value;
      const { value, until = Number.POSITIVE_INFINITY } = build(readRowText(text, columns));
      kept.set(id, { text, value, until });
      return value;
    },
    clear: () => kept.clear(),
    get size() {
      return kept.size;
    },
  };
}

/**
 * The row's id as its text writes it (`"…"`): the first value of the JSON array, up to the first comma.
 * An id holding a comma gives a prefix of itself; two such rows then take turns at one entry, which
 * answers only its own text, so nothing is answered wrong.
 */
function rowIdOf(text: string): string {
  const comma = text.indexOf(",");
  return comma < 0 ? text : text.slice(1, comma);
}

/**
 * One value per key (a feed's format), built from values `keptByRowText` gave, and kept while it is
 * asked for with the same ones: a kept value is the same object only for the same row text, so the same
 * objects in the same order are the same rows. Anything else the value is built from must be the
 * process's (its configuration) or part of the key.
 */
export function keptForSameRows<V>() {
  const kept = new Map<string, { rows: readonly object[]; value: V }>();
  return (key: string, rows: readonly object[], build: () => V): V => {
    const last = kept.get(key);
    if (last && last.rows.length === rows.length && last.rows.every((row, i) => row === rows[i])) return last.value;
    const value = build();
    kept.set(key, { rows: [...rows], value });
    return value;
  };
}

/**
 * The JSON text of `{ ...before, [field]: texts, ...after }`, where `texts` are JSON already (kept
 * values): joined as they are, not serialized again.
 */
export function jsonWithKept(before: object, field: string, texts: readonly string[], after: object): string {
  const head = JSON.stringify(before);
  const tail = JSON.stringify(after);
  return `${head.length > 2 ? `${head.slice(0, -1)},` : "{"}${JSON.stringify(field)}:[${texts.join(",")}]${tail.length > 2 ? `,${tail.slice(1)}` : "}"}`;
}
