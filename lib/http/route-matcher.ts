/** A route pattern of the app ("/hub/sites/[websiteId]"), matched by `routeMatcher`. */
export type MatchedRoute<T> = { pattern: string; value: T };
type Template<T> = MatchedRoute<T> & { segs: string[] };

/**
 * The one matcher of request paths against the app's route patterns (Next's `[x]`, `[...x]`, `[[...x]]`
 * segments; route groups `(x)` are not in the URL), for the edge's guard (lib/http/guard-request.ts, over
 * the generated API_ROUTES) and the metrics' route labels (lib/metrics/route-pattern.ts, over the build's
 * manifest). Like Next, a static segment wins over a dynamic one: the match with the fewest dynamic
 * segments, then the longer pattern. Empty segments (a doubled or trailing slash) are ignored.
 */
export function routeMatcher<T>(routes: Iterable<readonly [pattern: string, value: T]>): (pathname: string) => MatchedRoute<T> | undefined {
  const table: Template<T>[] = [];
  for (const [pattern, value] of routes) table.push({ pattern, value, segs: segments(pattern).filter((s) => !/^\(.*\)$/.test(s)) });
  const dynamic = (t: Template<T>) => t.segs.filter((s) => s.startsWith("[")).length;
  table.sort((a, b) => dynamic(a) - dynamic(b) || b.pattern.length - a.pattern.length);
  // A path is tried only against the patterns its first segment can match (that word, or a dynamic
  // segment, or the root), in the table's order: every API request is matched three times (the guard,
  // the handler, the metrics' label), and the whole table cost a cheap route 3 % (session 53).
  const open = table.filter((t) => t.segs.length === 0 || t.segs[0]!.startsWith("["));
  const byFirst = new Map<string, Template<T>[]>();
  for (const { segs } of table) {
    const first = segs[0];
    if (first !== undefined && !first.startsWith("[") && !byFirst.has(first)) byFirst.set(first, table.filter((t) => t.segs[0] === first || open.includes(t)));
  }
  // A path equal to a pattern without dynamic segments is that pattern's (such a match sorts first): one
  // lookup for most requests instead of a walk over the patterns of its first segment (1.6 % of a 402, session 54).
  const exact = new Map<string, Template<T>>();
  for (const t of table) {
    const key = t.segs.join("/");
    if (dynamic(t) === 0 && !exact.has(key)) exact.set(key, t);
  }
  return (pathname) => {
    const segs = segments(pathname);
    return exact.get(segs.join("/")) ?? (byFirst.get(segs[0] ?? "") ?? open).find((t) => matches(t.segs, segs));
  };
}

/** A path's non-empty segments. */
export function segments(pathname: string): string[] {
  return pathname.split("/").filter(Boolean);
}

function matches(template: string[], segs: string[]): boolean {
  for (let i = 0; i < template.length; i++) {
    const t = template[i]!;
    if (t.startsWith("[[...")) return true;
    if (t.startsWith("[...")) return segs.length > i;
    if (i >= segs.length) return false;
    if (!t.startsWith("[") && t !== segs[i]) return false;
  }
  return segs.length === template.length;
}
