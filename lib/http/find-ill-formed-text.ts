/**
 * The path (e.g. `body.items.2.title`) of the first string in `value` (its keys included) that is
 * not well-formed Unicode (a lone UTF-16 surrogate) or holds NUL, or null when all text is clean.
 * Such a string would fail to store in PostgreSQL (and corrupt a SQLite row or a blob), so the route
 * wrapper refuses it before any side effect.
 */
export function findIllFormedText(value: unknown, where: string): string | null {
  if (typeof value === "string") return isCleanText(value) ? null : where;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findIllFormedText(value[i], `${where}.${i}`);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (!isCleanText(key)) return `${where}.(a key)`;
      const bad = findIllFormedText(v, `${where}.${key}`);
      if (bad) return bad;
    }
  }
  return null;
}

function isCleanText(s: string): boolean {
  return s.isWellFormed() && !s.includes("\u0000");
}
