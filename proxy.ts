import { NextResponse, type NextRequest } from "next/server";
import { BLOG_ORIGIN_HEADER, blogTreePath } from "@/lib/blog/blog-host";
import { blogDomainOfHost, blogRequestOrigin } from "@/lib/blog/blog-domain";
import { blogPageHeaders } from "@/lib/blog/blog-page-headers";
import { CORS_HEADERS, PREFLIGHT_HEADERS } from "@/lib/http/cors";
import { guardRequest } from "@/lib/http/guard-request";
import { dropClientHandoff } from "@/lib/http/request-handoff";
import { securityHeaders } from "@/lib/http/security-headers";
import { sharePageRoute } from "@/lib/quickshare/share-page-route";

/**
 * Host-based routing, then security and CORS headers (lib/http/cors.ts). A page request whose Host is
 * a hosted blog's domain (or maps to one through BLOG_HOST_MAP) is rewritten to the internal
 * /sb/<domain>/… tree, which serves that blog's pages. The hub's own API paths, a blog's /api/ routes
 * and any client path into the /sb tree do not come here: the server's request hook serves them
 * (lib/http/api-edge.ts; see `config`).
 */
export async function proxy(req: NextRequest) {
  if (req.method === "OPTIONS") return new NextResponse(null, { status: 204, headers: PREFLIGHT_HEADERS });
  const domain = blogDomainOfHost(req.headers.get("host"));
  const { pathname, search } = req.nextUrl;
  // Browser security headers for whatever answers below.
  const blogOrigin = domain ? blogRequestOrigin({ host: req.headers.get("host")!, forwardedProto: req.headers.get("x-forwarded-proto"), https: req.nextUrl.protocol === "https:" }) : null;
  const secure = securityHeaders({ headers: req.headers, pathname, blogOrigin });
  // Only this proxy says a request is a blog's: a client's own copy of the header is dropped.
  secure.request.delete(BLOG_ORIGIN_HEADER);
  dropClientHandoff(secure.request);
  const finish = <R extends Response>(r: R): R => {
    for (const [name, value] of [...secure.response, ...CORS_HEADERS]) r.headers.set(name, value);
    return r;
  };
  // Malformed escapes (400), wrong methods (405 + Allow), unknown API paths (404): JSON, answered here.
  const refused = guardRequest({ pathname, method: req.method, blog: !!domain });
  if (refused) return finish(refused);
  let res: NextResponse;
  if (domain) {
    // An in-process rewrite (server.mjs gives Next the origin of req.url), so the request passes this
    // proxy and the server's hook once; the blog routes learn the origin the reader used from the header set here.
    const headers = secure.request;
    headers.set(BLOG_ORIGIN_HEADER, blogOrigin!);
    res = NextResponse.rewrite(new URL(`${blogTreePath(domain, pathname)}${search}`, req.url), { request: { headers } });
    for (const [k, v] of Object.entries(blogPageHeaders({ origin: blogOrigin!, pathname, method: req.method }) ?? {})) res.headers.set(k, v);
  } else {
    res = shareResponse(req, await sharePageRoute(req, secure.request), secure.request) ?? NextResponse.next({ request: { headers: secure.request } });
  }
  return finish(res);
}

/** GET /qs/<slug>: agents to the access route, browsers on to the React page with the status its state needs. */
function shareResponse(req: NextRequest, route: Awaited<ReturnType<typeof sharePageRoute>>, headers: Headers): NextResponse | null {
  if (!route) return null;
  // Resolved against req.url (the server's own origin, not the Host header) so Next rewrites in-process.
  if (route.kind === "agent") return NextResponse.rewrite(new URL(route.pathname + req.nextUrl.search, req.url), { request: { headers } });
  // The request headers carry the CSP nonce, which Next puts on the page's scripts.
  const res = NextResponse.next({ status: route.status, request: { headers } });
  for (const [k, v] of Object.entries(route.headers)) res.headers.set(k, v);
  return res;
}

export const config = {
  // Next's assets are skipped. Uploads are skipped: they are same-origin session writes, and a proxy
  // would buffer (and cap at 10 MB) their 30 MB bodies. The icons and the web manifest (app/icon.svg,
  // app/apple-icon.png, app/favicon.ico, app/manifest.ts, public/icon-*.png) are not rewritten either,
  // so they answer on hosted blogs' origins too. The hub's API paths (hub/, quickshare/, auth/,
  // .well-known/, health, metrics, mcp, openapi.json) and the /sb tree are skipped for speed: the
  // server's request hook gives them the guard, CORS and security headers (lib/http/api-edge.ts,
  // PROXY_FREE_PATH, which must name the same paths), answers 404 for them on a blog's host and for a
  // client's own /sb path, and itself routes a blog's /api/ requests into /sb/<domain>/api/ (JSON has no
  // client router to keep the reader's URL for). Pages, /qs/<slug>, the hub's legacy /api/ prefix and a
  // blog's pages (rewritten here to /sb/<domain>/…) still come here.
  matcher: [
    "/((?!_next/|favicon\\.ico|icon\\.svg|apple-icon\\.png|icon-192\\.png|icon-512\\.png|manifest\\.webmanifest|uploads/|api/uploads/|hub/|quickshare/|auth/|\\.well-known/|sb/|sb$|health$|metrics$|mcp$|openapi\\.json$).*)",
  ],
};
