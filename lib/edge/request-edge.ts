import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextRequest } from "next/server";
import { CORS_HEADERS, PREFLIGHT_HEADERS } from "@/lib/http/cors";
import { ApiError, toErrorResponse } from "@/lib/http/errors";
import { requestRefusal } from "@/lib/http/guard-request";
import { BLOG_ORIGIN_HEADER, BLOG_ROUTE_HEADER, stripInternalHeaders } from "@/lib/http/internal-headers";
import { answerSecurityHeaders, securityHeaders } from "@/lib/http/security-headers";
import { BLOG_TREE, BLOG_TREE_PATH, isBlogApiPath, requestKind } from "./classify";
import { handOff } from "./handoff";
import { answerFromPageCache, requestHeaders } from "./page-cache";
import type { EdgePlugs, EdgeRequest, PageDecision } from "./plugs";
import { tapResponse } from "./response-tap";
import { routeRequest } from "./route-request";
import { serveRoute } from "./serve-route";

/**
 * The request edge: what every request meets before Next, in one place, with one decision per request.
 * There is no Next proxy (middleware): its adapter cost about half of a cheap route's throughput and up
 * to a quarter of a rendered page's (bench/README.md, "the floor"), and it only added headers, the
 * guard and rewrites, which the edge does.
 *
 * `openRequest` drops a client's internal headers and classifies the request once (lib/edge/classify.ts):
 * API, page or asset, on the hub or on a hosted blog. `answerAtEdge` then serves it by kind:
 * - asset: straight to Next;
 * - api (the hub's API paths, a hosted blog's /api/): a preflight is answered, the security and CORS
 *   headers go on the response (headers set here win over a route's own), the guard's refusals are
 *   answered as JSON (400 malformed escape, 405 with Allow, 404 unknown API path); a client's own path
 *   into the /sb tree, and the hub's API paths on a blog's host, are 404;
 * - page: a kept copy is served (lib/edge/page-cache.ts); otherwise the same preflight, headers (with the
 *   CSP nonce Next reads from the request for its own scripts) and guard, then the page plug of the path
 *   decides (lib/edge/plugs.ts): an agent's request for a page goes to the resource's access route, a
 *   page gets the status and headers a server component cannot set and the values handed to it.
 *
 * Every kind but assets: a request that accepts an encoding may get a body a route keeps encoded (the
 * content sitemap's gzip), which the route names in an internal header and `tapResponse` makes the
 * answer's Content-Encoding (Next drops one a route sets itself).
 *
 * A hosted blog is served from the /sb/<domain>/… tree, its reader's origin named in BLOG_ORIGIN_HEADER.
 * A page names the blog in BLOG_ROUTE_HEADER and next.config.mjs's rewrite serves it, keeping the
 * reader's URL for the client router; an API request has no client router and is rewritten here.
 */
export function openRequest(req: IncomingMessage, plugs: EdgePlugs): EdgeRequest {
  stripInternalHeaders(req.headers);
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  const blog = plugs.blogOfHost(req.headers.host);
  let web: NextRequest | undefined;
  return {
    req, pathname, blog,
    method: req.method ?? "GET",
    search: q === -1 ? "" : url.slice(q),
    kind: requestKind(pathname, blog),
    web: () => (web ??= toNextRequest(req)),
  };
}

/** Answers the request at the edge (true), or readies it for Next (false: Next serves it). */
export function answerAtEdge(request: EdgeRequest, res: ServerResponse, plugs: EdgePlugs): boolean | Promise<boolean> {
  if (request.kind === "asset") return false;
  // A route may answer such a request with a body it keeps encoded (the content sitemap, gzip).
  if (request.req.headers["accept-encoding"] !== undefined) tapResponse(res, { encodedBody: true });
  if (request.kind === "api") return answerApi(request, res, plugs);
  const cached = answerFromPageCache(request, res, plugs);
  if (cached === true) return true;
  if (cached === false) return answerPage(request, res, plugs);
  return cached.then((served) => served || answerPage(request, res, plugs));
}

/** Writes an error as the JSON answer every route gives, with these headers besides. */
export function writeError(res: ServerResponse, err: ApiError, headers: Record<string, string> = {}): void {
  const { status, body, headers: own } = toErrorResponse(err);
  res.writeHead(status, { ...headers, ...own, "content-type": "application/json", "x-content-type-options": "nosniff" });
  res.end(JSON.stringify(body));
}

function answerApi(request: EdgeRequest, res: ServerResponse, plugs: EdgePlugs): boolean | Promise<boolean> {
  const { req, pathname, method, blog } = request;
  const opened = openEdge(request, res, plugs);
  if (!opened) return true;
  const blogApi = blog !== null && isBlogApiPath(pathname);
  const refused = BLOG_TREE_PATH.test(pathname)
    ? new ApiError("not-found", `No such route on ${blog ? "this blog" : "the hub"}`)
    : blog && !blogApi
      ? new ApiError("not-found", "No such route on this blog")
      : requestRefusal({ pathname, method, blog: blogApi });
  if (refused) {
    writeError(res, refused);
    return true;
  }
  if (blogApi) routeToBlog(req, "api", blog, opened.origin!);
  return serveRoute(req, res, plugs);
}

async function answerPage(request: EdgeRequest, res: ServerResponse, plugs: EdgePlugs): Promise<boolean> {
  const { req, pathname, method, blog } = request;
  const opened = openEdge(request, res, plugs);
  if (!opened) return true;
  for (const [name, value] of opened.request ?? []) req.headers[name] = value;
  const refused = requestRefusal({ pathname, method, blog: blog !== null });
  if (refused) {
    writeError(res, refused);
    return true;
  }
  const host = blog ? "blog" : "hub";
  const plug = plugs.pages.find((p) => p.host === host && p.matches(pathname));
  const decided = plug ? await plug.route(request, opened.origin) : null;
  if (decided) follow(request, res, decided);
  if (blog) routeToBlog(req, "page", blog, opened.origin!);
  return false;
}

/** Carries out a page plug's decision (lib/edge/plugs.ts, `PageDecision`). */
function follow({ req }: EdgeRequest, res: ServerResponse, { rewrite, status, headers, handoff }: PageDecision): void {
  if (rewrite !== undefined) {
    req.url = rewrite;
    return;
  }
  if (handoff) {
    const bag = requestHeaders(req);
    for (const [kind, value] of Object.entries(handoff)) handOff(bag, kind, value);
  }
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
  if (status !== undefined && status !== 200) tapResponse(res, { status });
}

/**
 * Sends a blog's request into its /sb/<domain>/… tree, its reader's origin named for the blog's routes.
 * A page keeps the reader's URL for the client router: it names the blog for next.config.mjs's header
 * rewrite. An API request has no client router: the edge rewrites its path itself, so Next matches no
 * rewrite for it (the header rewrite cost a blog's API answer ≈ 0.15 ms).
 */
function routeToBlog(req: IncomingMessage, kind: "page" | "api", blog: string, origin: string): void {
  if (kind === "page") req.headers[BLOG_ROUTE_HEADER] = blog;
  else req.url = `${BLOG_TREE}/${blog}${req.url ?? "/"}`;
  req.headers[BLOG_ORIGIN_HEADER] = origin;
}

/**
 * Every served kind's first step: a preflight is answered (null); otherwise the security and CORS
 * headers go on the response, and the caller gets the origin a blog's reader used (null on the hub)
 * and, for a page, the policy's request headers (the CSP nonce its scripts need). An API answer runs
 * no script: its policy has no nonce and its headers are kept, not made per request.
 */
function openEdge({ req, pathname, blog, kind }: EdgeRequest, res: ServerResponse, plugs: EdgePlugs): { origin: string | null; request: Headers | null } | null {
  if (req.method === "OPTIONS") {
    res.writeHead(204, PREFLIGHT_HEADERS);
    res.end();
    return null;
  }
  const origin = blog ? plugs.blogOrigin(req.headers.host!, req.headers["x-forwarded-proto"]?.toString()) : null;
  const secure = kind === "page" ? securityHeaders({ headers: new Headers(), pathname, blogOrigin: origin }) : null;
  for (const [name, value] of secure?.response ?? answerSecurityHeaders({ pathname, blogOrigin: origin })) res.setHeader(name, value);
  for (const [name, value] of CORS_HEADERS) res.setHeader(name, value);
  return { origin, request: secure?.request ?? null };
}

/** The request as lib/ reads requests (headers, cookies, URL): for a page plug's routing only. */
function toNextRequest(req: IncomingMessage): NextRequest {
  return routeRequest(new URL(req.url!, "http://hub.local").href, req.method ?? "GET", req.headers, null);
}
