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
  return (pathname) => {
    const segs = segments(pathname);
    return table.find((t) => matches(t.segs, segs));
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
