/** Longest token kept (code points): longer words are cut, in the stored text and in a query alike. */
const MAX_TOKEN = 64;

/**
 * The words of a text as explore's text search sees them: NFKC-normalised, lowercased in JavaScript,
 * split into runs of letters, digits and private-use characters (Unicode L, N, Co: what SQLite's FTS5
 * unicode61 tokenizer keeps; everything else — spaces, punctuation, symbols, marks — separates), each
 * cut to 64 code points. Content.searchText stores these tokens joined by single spaces and a query is
 * split by the same function, so both databases index and match the same words (docs/discovery.md).
 */
export function searchTokens(text: string): string[] {
  const words = text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}\p{Co}]+/gu) ?? [];
  return words.map((w) => (w.length > MAX_TOKEN ? Array.from(w).slice(0, MAX_TOKEN).join("") : w));
}
