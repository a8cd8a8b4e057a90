import { NextResponse, type NextRequest } from "next/server";
import { createHash } from "node:crypto";
import { BLOG_ORIGIN_HEADER, BLOG_REWRITE_HEADER, BLOG_SEGMENT, blogDomainFor, parseHostMap } from "@/lib/blog/blog-host";
import { env } from "@/lib/env";

// Payment and proof headers an agent or a page on another origin may send and must be able to read.
const ALLOW_HEADERS = [
  "content-type", "payment", "payment-signature", "x-payment", "x-svc-transfer-tx", "x-svc-tx-owner",
  "x-svc-payment-proof", "x-svc-actor", "x-peer-secret",
  "mcp-protocol-version", "mcp-session-id", "last-event-id", // MCP clients on an allowed origin (POST /mcp)
].join(", ");
const EXPOSE_HEADERS = ["PAYMENT-REQUIRED", "PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE", "Link"].join(", ");

let hostMap: Map<string, string> | undefined;
let rewriteToken: string | undefined;

/**
 * Host-based routing, then CORS. A request whose Host is a hosted blog's domain (or maps to one
 * through BLOG_HOST_MAP) is rewritten to the internal /sb/<domain>/… tree, which serves that blog's
 * pages and /api routes; the hub's own host serves the hub, and never the /sb tree directly.
 *
 * CORS for the public API: any origin may call it without credentials. Cookie-authenticated writes
 * are guarded separately (same-origin check in the route wrapper), so `*` exposes nothing private.
 */
export function proxy(req: NextRequest) {
  if (req.method === "OPTIONS") {
    return new NextResponse(null, {
      status: 204,
      headers: {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
        "access-control-allow-headers": ALLOW_HEADERS,
        "access-control-expose-headers": EXPOSE_HEADERS,
        "access-control-max-age": "600",
      },
    });
  }
  hostMap ??= parseHostMap(env.BLOG_HOST_MAP);
  const domain = blogDomainFor({ host: req.headers.get("host"), hubOrigin: env.HUB_ORIGIN, hostMap });
  const { pathname, search } = req.nextUrl;
  rewriteToken ??= createHash("sha256").update(`svc-blog-rewrite:${env.SESSION_PASSWORD}`).digest("hex");
  let res: NextResponse;
  const inBlogTree = pathname === `/${BLOG_SEGMENT}` || pathname.startsWith(`/${BLOG_SEGMENT}/`);
  if (inBlogTree && req.headers.get(BLOG_REWRITE_HEADER) === rewriteToken) {
    res = NextResponse.next(); // the second pass of a request rewritten below
  } else if (domain) {
    const url = req.nextUrl.clone();
    url.pathname = `/${BLOG_SEGMENT}/${domain}${pathname === "/" ? "" : pathname}`;
    url.search = search;
    // The rewritten request passes through here once more: the token lets it through, and the blog
    // routes learn the origin the reader used from the header set here (never from the client).
    const headers = new Headers(req.headers);
    const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" || req.nextUrl.protocol === "https:" ? "https" : "http";
    headers.set(BLOG_ORIGIN_HEADER, `${proto}://${req.headers.get("host")}`);
    headers.set(BLOG_REWRITE_HEADER, rewriteToken);
    res = NextResponse.rewrite(url, { request: { headers } });
  } else if (inBlogTree) {
    return NextResponse.json({ error: "Not found", details: "No such route on the hub", code: "not-found" }, { status: 404 });
  } else {
    res = NextResponse.next();
  }
  res.headers.set("access-control-allow-origin", "*");
  res.headers.set("access-control-expose-headers", EXPOSE_HEADERS);
  return res;
}

export const config = {
  // Pages and static assets need no CORS; everything that speaks JSON does. Uploads are skipped:
  // they are same-origin session writes, and a proxy would buffer (and cap at 10 MB) their 30 MB bodies.
  // The icons and the web manifest (app/icon.svg, app/apple-icon.png, app/favicon.ico, app/manifest.ts,
  // public/icon-*.png) are not rewritten either, so they answer on hosted blogs' origins too.
  matcher: ["/((?!_next/|favicon\\.ico|icon\\.svg|apple-icon\\.png|icon-192\\.png|icon-512\\.png|manifest\\.webmanifest|uploads/|api/uploads/).*)"],
};
