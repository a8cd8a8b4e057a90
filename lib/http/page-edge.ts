import type { IncomingMessage, ServerResponse } from "node:http";
import { NextRequest } from "next/server";
import { BLOG_ORIGIN_HEADER, BLOG_PAGE_HEADER, blogTreePath } from "@/lib/blog/blog-host";
import { blogPageHeaders } from "@/lib/blog/blog-page-headers";
import { postAgentPath } from "@/lib/blog/post-agent-path";
import { sharePageRoute } from "@/lib/quickshare/share-page-route";
import { SHARE_PAGE_PATH } from "@/lib/quickshare/wants-share-page";
import { parseCredentials } from "@/lib/x402/parse-credentials";
import { isApiEdgePath, openEdge, writeError } from "./api-edge";
import { requestRefusal } from "./guard-request";

/** Next's assets, uploads (same-origin session writes; 30 MB bodies) and the files every origin serves as they are. */
const ASSET_PATH = /^\/(?:_next\/|uploads\/|api\/uploads\/|(?:favicon\.ico|icon\.svg|apple-icon\.png|icon-192\.png|icon-512\.png|manifest\.webmanifest)$)/;

/**
 * The server's request hook for what lib/http/api-edge.ts leaves: the hub's pages (and its legacy /api/
 * prefix) and a hosted blog's pages, given here what Next's proxy used to give them, without the
 * proxy's cost (bench/README.md: half a cheap route's throughput, up to a quarter of a rendered page's). A
 * client's own copy of the blog-page, blog-origin and handoff headers is dropped first.
 *
 * A preflight is answered; the security headers (a fresh CSP nonce, which Next reads from the request's
 * policy for its own scripts) and CORS go on the response; the guard's refusals (400 malformed escape,
 * 405, 404 unknown API path) are answered as JSON. A blog's page request is then named for Next's
 * rewrite into its /sb/<domain>/… tree (BLOG_PAGE_HEADER, next.config.mjs), with the origin the reader
 * used and the page's Link header; an agent's request for a post page goes to the post's access route
 * instead (lib/blog/post-agent-path.ts). GET /qs/<slug> goes to the access route for agents, and for
 * browsers to the page with the status its state needs (404, 410, 419) and the share row handed over
 * (lib/quickshare/share-page-route.ts).
 * Resolves true when it answered the request; otherwise Next serves it.
 */
export async function answerAtPageEdge(req: IncomingMessage, res: ServerResponse, { pathname, blog }: { pathname: string; blog: string | null }): Promise<boolean> {
  // A client's own internal headers are gone already (lib/lifecycle/handle-request.ts).
  if (isApiEdgePath(pathname, blog)) return false;
  if (ASSET_PATH.test(pathname)) return false;
  const opened = openEdge(req, res, { pathname, blog });
  if (!opened) return true;
  const { origin } = opened;
  for (const [name, value] of opened.request) req.headers[name] = value;
  const method = req.method ?? "GET";
  const refused = requestRefusal({ pathname, method, blog: blog !== null });
  if (refused) {
    writeError(res, refused);
    return true;
  }
  if (blog) {
    // A post page asked for by an agent is the post's access route (lib/blog/post-agent-path.ts), served from the blog's API tree.
    const search = req.url!.slice(pathname.length);
    const agentPath = postAgentPath({ pathname, search, method, accept: req.headers.accept ?? null, rsc: req.headers.rsc !== undefined, credentials: parseCredentials(nextRequest(req).headers) });
    if (agentPath) {
      req.headers[BLOG_ORIGIN_HEADER] = origin!;
      req.url = blogTreePath(blog, agentPath);
      return false;
    }
    // Next rewrites the request into the blog's /sb/<domain>/… tree on this header (next.config.mjs),
    // an in-router rewrite that keeps the reader's URL for the client router.
    req.headers[BLOG_PAGE_HEADER] = blog;
    req.headers[BLOG_ORIGIN_HEADER] = origin!;
    for (const [name, value] of Object.entries(blogPageHeaders({ origin: origin!, pathname, method }) ?? {})) res.setHeader(name, value);
    return false;
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
