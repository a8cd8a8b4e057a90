import { searchTokens } from "@/lib/explore/search-tokens";

/**
 * Content.searchText: what the explore `q` parameter matches — the words of the title, description,
 * tags, site name and domain as `searchTokens` splits them (lowercased in JavaScript, full Unicode),
 * joined by single spaces, so that SQLite's FTS5 table and PostgreSQL's GIN index hold the same words.
 * Rebuild it whenever the title, description or tags of the content, or the name or domain of its
 * site change.
 */
export function buildSearchText(parts: { title?: string; description?: string; tags?: string; siteName?: string; domain?: string }): string {
  return searchTokens([parts.title, parts.description, parts.tags, parts.siteName, parts.domain].map((p) => p ?? "").join(" ")).join(" ");
}
