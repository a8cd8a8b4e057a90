/**
 * Content.searchText: what the explore `q` parameter matches, lowercased in JavaScript (full
 * Unicode) so that SQLite and PostgreSQL compare the same bytes. Rebuild it whenever the title,
 * description or tags of the content, or the name or domain of its site change.
 */
export function buildSearchText(parts: { title?: string; description?: string; tags?: string; siteName?: string; domain?: string }): string {
  return [parts.title, parts.description, (parts.tags ?? "").replace(/,/g, " "), parts.siteName, parts.domain]
    .map((p) => (p ?? "").replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n")
    .toLowerCase();
}
