import { NextResponse, type NextRequest } from "next/server";

// Payment and proof headers an agent or a page on another origin may send and must be able to read.
const ALLOW_HEADERS = [
  "content-type", "payment", "payment-signature", "x-payment", "x-svc-transfer-tx", "x-svc-tx-owner",
  "x-svc-payment-proof", "x-svc-actor", "x-peer-secret",
  "mcp-protocol-version", "mcp-session-id", "last-event-id", // MCP clients on an allowed origin (POST /mcp)
].join(", ");
const EXPOSE_HEADERS = ["PAYMENT-REQUIRED", "PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE", "Link"].join(", ");

/**
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
  const res = NextResponse.next();
  res.headers.set("access-control-allow-origin", "*");
  res.headers.set("access-control-expose-headers", EXPOSE_HEADERS);
  return res;
}

export const config = {
  // Pages and static assets need no CORS; everything that speaks JSON does. Uploads are skipped:
  // they are same-origin session writes, and a proxy would buffer (and cap at 10 MB) their 30 MB bodies.
  matcher: ["/((?!_next/|favicon\\.ico|uploads/|api/uploads/).*)"],
};
