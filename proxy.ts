import { NextResponse, type NextRequest } from "next/server";
import { BLOG_SEGMENT, blogDomainFor, parseHostMap } from "@/lib/blog/blog-host";
import { env } from "@/lib/env";

// Payment and proof headers an agent or a page on another origin may send and must be able to read.
const ALLOW_HEADERS = [
  "content-type", "payment", "payment-signature", "x-payment", "x-svc-transfer-tx", "x-svc-tx-owner",
  "x-svc-payment-proof", "x-svc-actor", "x-peer-secret",
  "mcp-protocol-version", "mcp-session-id", "last-event-id", // MCP clients on an allowed origin (POST /mcp)
].join(", ");
const EXPOSE_HEADERS = ["PAYMENT-REQUIRED", "PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE", "Link"].join(", ");

let hostMap: Map<string, string> | undefined;

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
  let res: NextResponse;
  if (domain) {
    const url = req.nextUrl.clone();
    url.pathname = `/${BLOG_SEGMENT}/${domain}${pathname === "/" ? "" : pathname}`;
    url.search = search;
    res = NextResponse.rewrite(url);
  } else if (pathname === `/${BLOG_SEGMENT}` || pathname.startsWith(`/${BLOG_SEGMENT}/`)) {
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
  matcher: ["/((?!_next/|favicon\\.ico|uploads/|api/uploads/).*)"],
};
