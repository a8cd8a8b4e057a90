import { NextResponse, type NextRequest } from "next/server";
import { BLOG_ORIGIN_HEADER, blogTreePath } from "@/lib/blog/blog-host";
import { blogDomainOfHost, blogRequestOrigin } from "@/lib/blog/blog-domain";
import { blogPageHeaders } from "@/lib/blog/blog-page-headers";
import { CORS_HEADERS, PREFLIGHT_HEADERS } from "@/lib/http/cors";
import { guardRequest } from "@/lib/http/guard-request";
import { dropClientHandoff } from "@/lib/http/request-handoff";
import { securityHeaders } from "@/lib/http/security-headers";

/**
 * A hosted blog's pages: a request whose Host is a blog's domain (or maps to one through
 * BLOG_HOST_MAP) is rewritten to the internal /sb/<domain>/… tree, which serves that blog's pages, with
 * the security and CORS headers. Only those requests come here: the server's request hook marks them
 * with BLOG_PAGE_HEADER (lib/http/page-edge.ts), and the matcher asks for it. The hook itself gives
 * the hub's pages and API and a blog's /api/ routes what this proxy did (Next's proxy costs about a
 * third of a cheap page's time); a blog's pages stay here because this rewrite keeps the reader's URL
 * for Next's client router.
 */
export async function proxy(req: NextRequest) {
  if (req.method === "OPTIONS") return new NextResponse(null, { status: 204, headers: PREFLIGHT_HEADERS });
  const domain = blogDomainOfHost(req.headers.get("host"));
  const { pathname, search } = req.nextUrl;
  if (!domain) return NextResponse.next(); // the hook marks only a blog's requests
  const blogOrigin = blogRequestOrigin({ host: req.headers.get("host")!, forwardedProto: req.headers.get("x-forwarded-proto"), https: req.nextUrl.protocol === "https:" });
  const secure = securityHeaders({ headers: req.headers, pathname, blogOrigin });
  // Only this proxy says a request is a blog's: a client's own copy of the header is dropped.
  secure.request.delete(BLOG_ORIGIN_HEADER);
  dropClientHandoff(secure.request);
  const finish = <R extends Response>(r: R): R => {
    for (const [name, value] of [...secure.response, ...CORS_HEADERS]) r.headers.set(name, value);
    return r;
  };
  // Malformed escapes (400), wrong methods (405 + Allow): JSON, answered here.
  const refused = guardRequest({ pathname, method: req.method, blog: true });
  if (refused) return finish(refused);
  // An in-process rewrite (server.mjs gives Next the origin of req.url), so the request passes this
  // proxy and the server's hook once; the blog routes learn the origin the reader used from the header set here.
  const headers = secure.request;
  headers.set(BLOG_ORIGIN_HEADER, blogOrigin);
  const res = NextResponse.rewrite(new URL(`${blogTreePath(domain, pathname)}${search}`, req.url), { request: { headers } });
  for (const [k, v] of Object.entries(blogPageHeaders({ origin: blogOrigin, pathname, method: req.method }) ?? {})) res.headers.set(k, v);
  return finish(res);
}

export const config = {
  // Only a hosted blog's pages, which the server's request hook marks (lib/http/page-edge.ts); Next's
  // assets, uploads and the icons and web manifest (served as they are on every origin) never.
  matcher: [
    {
      source: "/((?!_next/|favicon\\.ico|icon\\.svg|apple-icon\\.png|icon-192\\.png|icon-512\\.png|manifest\\.webmanifest|uploads/|api/uploads/|hub/|quickshare/|auth/|\\.well-known/|sb/|sb$|health$|metrics$|mcp$|openapi\\.json$).*)",
      has: [{ type: "header", key: "x-hub-blog-page" }],
    },
  ],
};
