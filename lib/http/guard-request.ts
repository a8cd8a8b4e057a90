import { API_ROUTES } from "./api-routes";
import { ApiError } from "./errors";

// Paths under these prefixes are the API: an unknown one answers 404 JSON, not the HTML page.
const HUB_API_PREFIXES = ["/hub/", "/quickshare/", "/auth/", "/api/", "/facilitator/"];
const BLOG_API_PREFIXES = ["/api/"];
const BLOG_TREE = "/sb/[host]";

type Template = { segs: string[]; methods: readonly string[] };
let tables: { hub: Template[]; blog: Template[] } | undefined;

/**
 * What is answered before any route runs (undefined: let the request through), by the server's
 * request edge (lib/edge/request-edge.ts):
 * 400 `malformed-url` when a path segment holds a malformed percent-escape (it could never name a
 * resource, and decoding it later would throw); 405 `method-not-allowed` with Allow when the path is
 * a route that does not have this method; 404 `not-found` (JSON) for an unknown path under the API
 * prefixes. `blog` selects a hosted blog's routes (the paths it answers on its own origin).
 */
export function requestRefusal({ pathname, method, blog }: { pathname: string; method: string; blog: boolean }): ApiError | undefined {
  const segs = pathname.split("/").filter(Boolean);
  const bad = segs.find((s) => !decodes(s));
  if (bad !== undefined) return new ApiError("malformed-url", `The path segment "${bad.slice(0, 80)}" holds a malformed percent-escape`);
  tables ??= buildTables();
  const table = blog ? tables.blog : tables.hub;
  let route = mostSpecific(table, segs);
  if (!route && !blog && segs[0] === "api") route = mostSpecific(table, segs.slice(1)); // legacy /api prefix
  if (route) {
    const allow = [...route.methods, ...(route.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
    if (allow.includes(method)) return undefined;
    return new ApiError("method-not-allowed", `${method} is not allowed on ${pathname}; use ${route.methods.join(", ")}`, { allow: allow.join(", ") });
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

/** Next routes a path to its static segments before dynamic ones: the match with the fewest dynamic segments. */
function mostSpecific(table: Template[], segs: string[]): Template | undefined {
  const dynamic = (t: Template) => t.segs.filter((s) => s.startsWith("[")).length;
  return table.filter((t) => matches(t.segs, segs)).sort((a, b) => dynamic(a) - dynamic(b))[0];
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

function buildTables() {
  const hub: Template[] = [];
  const blog: Template[] = [];
  for (const [p, methods] of API_ROUTES) {
    const segs = p.split("/").filter(Boolean);
    if (p === BLOG_TREE || p.startsWith(`${BLOG_TREE}/`)) blog.push({ segs: segs.slice(2), methods });
    else if (segs[0] !== "sb") hub.push({ segs, methods });
  }
  return { hub, blog };
}
