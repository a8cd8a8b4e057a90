// CORS for the public API: any origin may call it without credentials. Cookie-authenticated writes are
// guarded separately (same-origin check in the route wrapper), so `*` exposes nothing private. Sent by
// the request edge (lib/edge/request-edge.ts).

// Payment and proof headers an agent or a page on another origin may send and must be able to read.
const ALLOW_HEADERS = [
  "content-type", "payment", "payment-signature", "x-payment", "x-svc-transfer-tx", "x-svc-tx-owner",
  "x-svc-payment-proof", "x-svc-actor", "x-peer-secret", "sign-in-with-x",
  "mcp-protocol-version", "mcp-session-id", "last-event-id", // MCP clients on an allowed origin (POST /mcp)
].join(", ");
const EXPOSE_HEADERS = ["PAYMENT-REQUIRED", "PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE", "Link"].join(", ");

/** The headers of every answer (after the security headers). */
export const CORS_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["access-control-allow-origin", "*"],
  ["access-control-expose-headers", EXPOSE_HEADERS],
];

/** The answer to a preflight (OPTIONS), on any path: 204 with these headers. */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
  "access-control-allow-headers": ALLOW_HEADERS,
  "access-control-expose-headers": EXPOSE_HEADERS,
  "access-control-max-age": "600",
  "x-content-type-options": "nosniff",
};
