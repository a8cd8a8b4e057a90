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

/** A text query as each database's index reads it, or none when it has no words. */
export type TextMatch = { terms: string[]; sql: Prisma.Sql };

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
export function textMatch(q: string): TextMatch | null {
  const terms = [...new Set(searchTokens(q))].slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  if (isPostgres()) {
    const query = terms.map((t) => `'${t}':*`).join(" & ");
    return { terms, sql: Prisma.sql`${PG_VECTOR} @@ ${query}::tsquery` };
  }
  const match = terms.map((t) => `"${t}"*`).join(" AND ");
  return { terms, sql: Prisma.sql`c.rowid IN (SELECT rowid FROM "ContentSearch" WHERE "ContentSearch" MATCH ${match})` };
}
