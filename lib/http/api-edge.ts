import type { IncomingMessage, ServerResponse } from "node:http";
import { blogRequestOrigin } from "@/lib/blog/blog-domain";
import { BLOG_ORIGIN_HEADER, blogTreePath } from "@/lib/blog/blog-host";
import { CORS_HEADERS, PREFLIGHT_HEADERS } from "./cors";
import { ApiError, toErrorResponse } from "./errors";
import { requestRefusal } from "./guard-request";
import { securityHeaders } from "./security-headers";

/**
 * The hub's API paths and the internal /sb tree, which the server's request hook serves here (the rest,
 * pages: lib/http/page-edge.ts). There is no Next proxy (middleware): its adapter cost about half of a
 * cheap route's throughput (bench/README.md, "the floor"), and it only added headers, the guard and
 * rewrites, which the hook does. The explore page's feeds (/explore/feed.xml, …) are documents served
 * as they are, like the API, beside the page.
 */
export const API_EDGE_PATH = /^\/(?:hub\/|quickshare\/|auth\/|facilitator\/|\.well-known\/|sb\/|(?:health|health\/ready|metrics|mcp|openapi\.json|sb|explore\/(?:feed\.xml|atom\.xml|feed\.json))$)/;
/** A hosted blog's API on its own origin (its uploads excepted, which neither the proxy nor this touches). */
const BLOG_API_PATH = /^\/api\/(?!uploads\/)/;
const BLOG_TREE = /^\/sb(?:\/|$)/;

/** The origin a hosted blog's reader used (TLS ends before this server: X-Forwarded-Proto says https); null on the hub. */
function blogOrigin(req: IncomingMessage, blog: string | null): string | null {
  return blog ? blogRequestOrigin({ host: req.headers.host!, forwardedProto: req.headers["x-forwarded-proto"]?.toString(), https: false }) : null;
}

/**
 * Both edges' first step (this one and lib/http/page-edge.ts): a preflight is answered (null);
 * otherwise the security and CORS headers go on the response, and the caller gets the policy's request
 * headers (the CSP nonce a page's scripts need) and the origin a blog's reader used.
 */
export function openEdge(req: IncomingMessage, res: ServerResponse, { pathname, blog }: { pathname: string; blog: string | null }): { origin: string | null; request: Headers } | null {
  if (req.method === "OPTIONS") {
    res.writeHead(204, PREFLIGHT_HEADERS);
    res.end();
    return null;
  }
  const origin = blogOrigin(req, blog);
  const secure = securityHeaders({ headers: new Headers(), pathname, blogOrigin: origin });
  for (const [name, value] of [...secure.response, ...CORS_HEADERS]) res.setHeader(name, value);
  return { origin, request: secure.request };
}

/** Whether `answerAtApiEdge` serves this path (the hub's API paths, the /sb tree, a hosted blog's API). */
export function isApiEdgePath(pathname: string, blog: string | null): boolean {
  return API_EDGE_PATH.test(pathname) || (blog !== null && BLOG_API_PATH.test(pathname));
}

/** Writes an error as the JSON answer every route gives, with these headers besides. */
export function writeError(res: ServerResponse, err: ApiError, headers: Record<string, string> = {}): void {
  const { status, body, headers: own } = toErrorResponse(err);
  res.writeHead(status, { ...headers, ...own, "content-type": "application/json", "x-content-type-options": "nosniff" });
  res.end(JSON.stringify(body));
}

/**
 * The server's request hook, for the hub's API paths (API_EDGE_PATH) and a hosted blog's /api/
 * routes (pages: lib/http/page-edge.ts). Answers a
 * preflight, refuses what the guard refuses (400 malformed escape, 405 with Allow, 404 unknown API
 * path) and puts the security and CORS headers on the response (headers set here win over a route's
 * own). A blog's API request is then routed into its /sb/<domain>/api/ tree here,
 * with the origin the reader used in BLOG_ORIGIN_HEADER (a client's own copy is overwritten). A
 * client's own path into the /sb tree, and the hub's API paths on a blog's host, are 404.
 * Returns true when it answered the request; otherwise Next serves it.
 */
export function answerAtApiEdge(req: IncomingMessage, res: ServerResponse, { pathname, blog }: { pathname: string; blog: string | null }): boolean {
  if (!isApiEdgePath(pathname, blog)) return false;
  const blogApi = blog !== null && BLOG_API_PATH.test(pathname);
  const opened = openEdge(req, res, { pathname, blog });
  if (!opened) return true;
  const { origin } = opened;
  const method = req.method ?? "GET";
  const refused = BLOG_TREE.test(pathname)
    ? new ApiError("not-found", `No such route on ${blog ? "this blog" : "the hub"}`)
    : blog && !blogApi
      ? new ApiError("not-found", "No such route on this blog")
      : requestRefusal({ pathname, method, blog: blogApi });
  if (refused) {
    writeError(res, refused);
    return true;
  }
  if (blogApi) {
    req.headers[BLOG_ORIGIN_HEADER] = origin!;
    const query = req.url!.slice(pathname.length);
    req.url = blogTreePath(blog, pathname) + query;
  }
  return false;
}
