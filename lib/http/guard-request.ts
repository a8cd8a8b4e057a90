import { API_ROUTES } from "./api-routes";
import { ApiError } from "./errors";
import { routeMatcher, segments, type MatchedRoute } from "./route-matcher";

// Paths under these prefixes are the API: an unknown one answers 404 JSON, not the HTML page.
const HUB_API_PREFIXES = ["/hub/", "/quickshare/", "/auth/", "/api/", "/facilitator/"];
const BLOG_API_PREFIXES = ["/api/"];
const BLOG_TREE = "/sb/[host]";

type Match = (pathname: string) => MatchedRoute<readonly string[]> | undefined;
let tables: { hub: Match; blog: Match } | undefined;

/**
 * What is answered before any route runs (undefined: let the request through), by the server's
 * request edge (lib/edge/request-edge.ts):
 * 400 `malformed-url` when a path segment holds a malformed percent-escape (it could never name a
 * resource, and decoding it later would throw); 405 `method-not-allowed` with Allow when the path is
 * a route that does not have this method; 404 `not-found` (JSON) for an unknown path under the API
 * prefixes. `blog` selects a hosted blog's routes (the paths it answers on its own origin).
 */
export function requestRefusal({ pathname, method, blog }: { pathname: string; method: string; blog: boolean }): ApiError | undefined {
  const segs = segments(pathname);
  const bad = segs.find((s) => !decodes(s));
  if (bad !== undefined) return new ApiError("malformed-url", `The path segment "${bad.slice(0, 80)}" holds a malformed percent-escape`);
  tables ??= buildTables();
  const match = blog ? tables.blog : tables.hub;
  let route = match(pathname);
  if (!route && !blog && segs[0] === "api") route = match(pathname.slice(4)); // legacy /api prefix
  if (route) {
    const methods = route.value;
    const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
    if (allow.includes(method)) return undefined;
    return new ApiError("method-not-allowed", `${method} is not allowed on ${pathname}; use ${methods.join(", ")}`, { allow: allow.join(", ") });
  }
  const prefixes = blog ? BLOG_API_PREFIXES : HUB_API_PREFIXES;
  if (prefixes.some((p) => `${pathname}/`.startsWith(p))) return new ApiError("not-found", `No API route at ${pathname}`);
  return undefined;
}

function decodes(seg: string): boolean {
  try {
    decodeURIComponent(seg);
    return true;
  } catch {
    return false;
  }
}

/** The hub's routes, and a blog's as its own origin sees them (the /sb/[host] tree, less its prefix). */
function buildTables(): { hub: Match; blog: Match } {
  const hub: [string, readonly string[]][] = [];
  const blog: [string, readonly string[]][] = [];
  for (const [p, methods] of API_ROUTES) {
    if (p === BLOG_TREE || p.startsWith(`${BLOG_TREE}/`)) blog.push([p.slice(BLOG_TREE.length) || "/", methods]);
    else if (segments(p)[0] !== "sb") hub.push([p, methods]);
  }
  return { hub: routeMatcher(hub), blog: routeMatcher(blog) };
}
