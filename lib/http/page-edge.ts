import type { IncomingMessage, ServerResponse } from "node:http";
import { NextRequest } from "next/server";
import { BLOG_ORIGIN_HEADER, BLOG_PAGE_HEADER } from "@/lib/blog/blog-host";
import { sharePageRoute } from "@/lib/quickshare/share-page-route";
import { SHARE_PAGE_PATH } from "@/lib/quickshare/wants-share-page";
import { isApiEdgePath, writeError } from "./api-edge";
import { CORS_HEADERS, PREFLIGHT_HEADERS } from "./cors";
import { requestRefusal } from "./guard-request";
import { HANDOFF_HEADER } from "./request-handoff";
import { securityHeaders } from "./security-headers";

/** Next's assets and the files every origin serves as they are (proxy.ts's matcher skipped them too). */
const ASSET_PATH = /^\/(?:_next\/|uploads\/|api\/uploads\/|(?:favicon\.ico|icon\.svg|apple-icon\.png|icon-192\.png|icon-512\.png|manifest\.webmanifest)$)/;

/**
 * The server's request hook for what lib/http/api-edge.ts leaves: the hub's pages (and its legacy /api/
 * prefix), given here what Next's proxy gave them, without the proxy's cost (about a third of a cheap
 * page's time: bench/README.md). A hosted blog's pages are marked with BLOG_PAGE_HEADER, the one
 * request header proxy.ts's matcher asks for, and still go through the proxy, whose in-router rewrite
 * keeps the reader's URL for Next's client router; a client's own copy of that header, of the blog
 * origin and of a handoff id is dropped first.
 *
 * For a hub page: a preflight is answered; the security headers (a fresh CSP nonce, which Next reads
 * from the request's policy for its own scripts) and CORS go on the response; the guard's refusals
 * (400 malformed escape, 405, 404 unknown API path) are answered as JSON; GET /qs/<slug> goes to the
 * access route for agents, and for browsers to the page with the status its state needs (404, 410,
 * 419) and the share row handed over (lib/quickshare/share-page-route.ts).
 * Resolves true when it answered the request; otherwise Next serves it.
 */
export async function answerAtPageEdge(req: IncomingMessage, res: ServerResponse, { pathname, blog }: { pathname: string; blog: string | null }): Promise<boolean> {
  if (isApiEdgePath(pathname, blog)) return false;
  delete req.headers[BLOG_PAGE_HEADER];
  delete req.headers[BLOG_ORIGIN_HEADER];
  delete req.headers[HANDOFF_HEADER];
  if (ASSET_PATH.test(pathname)) return false;
  if (blog) {
    req.headers[BLOG_PAGE_HEADER] = "1";
    return false;
  }
  if (req.method === "OPTIONS") {
    res.writeHead(204, PREFLIGHT_HEADERS);
    res.end();
    return true;
  }
  const secure = securityHeaders({ headers: new Headers(), pathname, blogOrigin: null });
  for (const [name, value] of secure.request) req.headers[name] = value;
  for (const [name, value] of [...secure.response, ...CORS_HEADERS]) res.setHeader(name, value);
  const refused = requestRefusal({ pathname, method: req.method ?? "GET", blog: false });
  if (refused) {
    writeError(res, refused);
    return true;
  }
  if (!SHARE_PAGE_PATH.test(pathname)) return false;
  const forward = new Headers();
  const route = await sharePageRoute(nextRequest(req), forward);
  if (!route) return false;
  if (route.kind === "agent") {
    req.url = route.pathname + req.url!.slice(pathname.length);
    return false;
  }
  for (const [name, value] of forward) req.headers[name] = value;
  for (const [name, value] of Object.entries(route.headers)) res.setHeader(name, value);
  if (route.status !== 200) answerWithStatus(res, route.status);
  return false;
}

/** The request as lib/ reads requests (headers, cookies, URL) — for the share page's routing only. */
function nextRequest(req: IncomingMessage): NextRequest {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new NextRequest(new URL(req.url!, "http://hub.local"), { method: req.method, headers });
}

/** The page renders with 200; the share's state needs another status (anything but a 200 Next chose stays). */
function answerWithStatus(res: ServerResponse, status: number): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, code === 200 ? status : code, ...rest);
  } as typeof res.writeHead;
}
