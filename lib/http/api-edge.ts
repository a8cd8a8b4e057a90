import type { IncomingMessage, ServerResponse } from "node:http";
import { CORS_HEADERS, PREFLIGHT_HEADERS } from "./cors";
import { ApiError, toErrorResponse } from "./errors";
import { requestRefusal } from "./guard-request";
import { securityHeaders } from "./security-headers";

/**
 * The hub's API paths that proxy.ts's matcher leaves out. Next's proxy (middleware) adapter costs more
 * than half of a cheap route's throughput (bench/README.md, "the floor"), and on these paths it only
 * added headers and the guard, so the server's request hook does that here instead. Keep this and
 * the matcher in step: lib/http/api-edge.test.ts checks them against each other.
 */
export const PROXY_FREE_PATH = /^\/(?:hub\/|quickshare\/|auth\/|\.well-known\/|(?:health|metrics|mcp|openapi\.json)$)/;

/** Writes an error as the JSON answer every route gives, with these headers besides. */
export function writeError(res: ServerResponse, err: ApiError, headers: Record<string, string> = {}): void {
  const { status, body, headers: own } = toErrorResponse(err);
  res.writeHead(status, { ...headers, ...own, "content-type": "application/json", "x-content-type-options": "nosniff" });
  res.end(JSON.stringify(body));
}

/**
 * For a PROXY_FREE_PATH request, what proxy.ts does for the rest: answers a preflight, refuses what the
 * guard refuses (400 malformed escape, 405 with Allow, 404 unknown API path) and puts the security and
 * CORS headers on the response (headers set here win over a route's own, as the proxy's did). On a
 * hosted blog's host these hub paths do not exist: 404. Returns true when it answered the request.
 */
export function answerAtApiEdge(req: IncomingMessage, res: ServerResponse, { pathname, blog }: { pathname: string; blog: string | null }): boolean {
  if (req.method === "OPTIONS") {
    res.writeHead(204, PREFLIGHT_HEADERS);
    res.end();
    return true;
  }
  for (const [name, value] of [...securityHeaders({ headers: new Headers(), pathname, blogOrigin: null }).response, ...CORS_HEADERS]) res.setHeader(name, value);
  const refused = blog
    ? new ApiError("not-found", "No such route on this blog")
    : requestRefusal({ pathname, method: req.method ?? "GET", blog: false });
  if (!refused) return false;
  writeError(res, refused);
  return true;
}
