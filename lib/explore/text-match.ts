import "server-only";
import { isPostgres } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import { searchTokens } from "./search-tokens";

const MAX_TERMS = 8;

/**
 * PostgreSQL's index expression (prisma/postgres/migrations/*_read_counters): searchText's tokens as
 * lexemes, taken literally (no parser, no dictionary). A query must repeat it exactly to use the index.
 */
const PG_VECTOR = Prisma.sql`array_to_tsvector(array_remove(string_to_array(c."searchText", ' '), ''))`;

/**
 * A text query as each database's index reads it, or none when it has no words: `sql`, a condition on
 * `c`, the Content row; `countAll`, a statement counting every Content row that matches, from the text
 * index alone where the database can (SQLite: the FTS5 table's doclists, no Content row read);
 * `rowSql`, the same condition tested on the row's own searchText, without the index: each term must
 * follow a space in " " + searchText (the tokens are stored joined by single spaces), which is what
 * beginning a word means. For a walk that reads few rows, where gathering the index's matches first
 * would cost more than testing them.
 */
export type TextMatch = { terms: string[]; sql: Prisma.Sql; countAll: Prisma.Sql; rowSql: Prisma.Sql };

/** Every term begins a word of c.searchText: `instr` (SQLite) and `strpos` (PostgreSQL) take the same arguments. */
function rowTest(terms: string[], find: "instr" | "strpos"): Prisma.Sql {
  return Prisma.join(
    terms.map((t) => Prisma.sql`${Prisma.raw(find)}(' ' || c."searchText", ${` ${t}`}) > 0`),
    " AND ",
  );
}

/**
 * Explore's text search, the one place that knows each database's text index: every word of `q`
 * (split by `searchTokens`, at most 8) must begin a word of the content's searchText — token-prefix
 * matching, case-insensitive, the same on both databases. SQLite asks its FTS5 table (`ContentSearch`,
 * kept in step with Content by triggers) for the matching rowids; PostgreSQL tests its GIN-indexed
 * tsvector with a tsquery of prefix lexemes. Tokens hold only letters and digits, so quoting them as
 * FTS5 strings and tsquery lexemes leaves nothing of the user's text to read as an operator (`"`, `*`,
 * `NEAR`, `-`, `&`, `!`, `:`). `sql` is a condition on `c`, the Content row; null when `q` has no word
 * (then nothing matches).
 */
export function textMatch(q: string, postgres = isPostgres()): TextMatch | null {
  const terms = [...new Set(searchTokens(q))].slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  if (postgres) {
    const query = terms.map((t) => `'${t}':*`).join(" & ");
    const sql = Prisma.sql`${PG_VECTOR} @@ ${query}::tsquery`;
    return { terms, sql, countAll: Prisma.sql`SELECT COUNT(*) FROM "Content" c WHERE ${sql}`, rowSql: rowTest(terms, "strpos") };
  }
  const match = terms.map((t) => `"${t}"*`).join(" AND ");
  return {
    terms,
    sql: Prisma.sql`c.rowid IN (SELECT rowid FROM "ContentSearch" WHERE "ContentSearch" MATCH ${match})`,
    countAll: Prisma.sql`SELECT COUNT(*) FROM "ContentSearch" WHERE "ContentSearch" MATCH ${match}`,
    rowSql: rowTest(terms, "instr"),
  };
}

/**
 * One statement for how many Content rows a text query matches under a filter: `outside` counts the
 * content the filter leaves out (lib/counters/content-count.ts `contentOutsideSql`), `filtered` counts the
 * matches the filter keeps, testing each. When nothing lies outside, every match counts and the text
 * index alone answers (`countAll`); the counters and the matches are read in one snapshot.
 */
export function textTotalSql(match: TextMatch, { outside, filtered }: { outside: Prisma.Sql; filtered: Prisma.Sql }): Prisma.Sql {
  return Prisma.sql`SELECT CASE WHEN (${outside}) = 0 THEN (${match.countAll}) ELSE (${filtered}) END AS n`;
}
