import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { blogTreePath } from "@/lib/edge/classify";
import { answerAtEdge, openRequest, writeError } from "@/lib/edge/request-edge";
import { ApiError } from "@/lib/http/errors";
import { logRequest } from "@/lib/log/log-request";
import { logger } from "@/lib/log/logger";
import { requestContext } from "@/lib/log/request-context";
import { metrics } from "@/lib/metrics/metrics";
import { routePattern } from "@/lib/metrics/route-pattern";
import { edgePlugs } from "./edge-plugs";
import { lifecycle } from "./lifecycle";

const HEALTH_PATHS = new Set(["/health", "/health/ready"]);
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
/** Seconds a client is told to wait before retrying a request refused while this instance stops. */
export const DRAIN_RETRY_AFTER_SECONDS = 2;

/**
 * The server's hook around every request (server.mjs calls it before Next's handler): gives the
 * request an id (a sane X-Request-Id from a proxy is kept, else a new one; echoed in the response),
 * runs the handler inside that id's log context, counts the request in flight for a graceful stop,
 * and when the response closes writes one JSON access line (route, status, latency) and the HTTP
 * metrics (a hosted blog's request under its /sb/[host]/… route, as the edge routes it in-process).
 * While the instance is draining it refuses the request: 503 `shutting-down` with
 * Retry-After and Connection: close, so a client or balancer retries elsewhere or after the restart.
 * Otherwise the request edge (lib/edge/request-edge.ts, with the domains' plugs) answers it or readies
 * it for Next. The edge drops a client's internal headers first, on every path, draining included.
 */
export function handleRequest(req: IncomingMessage, res: ServerResponse, next: () => unknown): void {
  const started = process.hrtime.bigint();
  const request = openRequest(req, edgePlugs);
  const { pathname, method, blog } = request;
  const offered = req.headers["x-request-id"];
  const requestId = typeof offered === "string" && REQUEST_ID.test(offered) ? offered : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  const life = lifecycle();
  const m = metrics();

  // A blog's pages and API are its /sb/[host]/… routes; what the edge does not route there (Next's assets,
  // icons, uploads) is the hub's own route on any host.
  const blogRoute = blog ? routePattern(blogTreePath(blog, pathname)) : "(other)";
  const route = blogRoute !== "(other)" && !pathname.startsWith("/_next/") ? blogRoute : routePattern(pathname);
  res.once("close", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = res.writableFinished ? String(res.statusCode) : "aborted";
    m.httpRequests.inc({ method, route, status });
    m.httpDuration.observe({ method, route, status }, seconds);
    logRequest({ reqId: requestId, method, route, ...(blog ? { blog } : {}), path: pathname, status: res.writableFinished ? res.statusCode : null, aborted: !res.writableFinished, latencyMs: Math.round(seconds * 1000) });
  });

  // Health checks answer while draining too: the readiness answer then says "not ready" itself.
  if (life.draining && !HEALTH_PATHS.has(pathname)) {
    writeError(res, new ApiError("shutting-down", "This hub instance is stopping and takes no new requests; retry shortly (another instance, or this one once restarted)"), {
      "retry-after": String(DRAIN_RETRY_AFTER_SECONDS), connection: "close",
    });
    return;
  }

  const done = life.begin();
  m.inFlightRequests.inc();
  res.once("close", () => {
    done();
    m.inFlightRequests.dec();
  });
  requestContext.run({ requestId, method, path: pathname, wrote: false }, () => {
    const failed = (err: unknown) => {
      logger().error({ err }, "request edge failed");
      if (!res.headersSent) writeError(res, new ApiError("internal", "An unexpected error occurred"));
      else res.destroy();
    };
    let answered: boolean | Promise<boolean>;
    try {
      answered = answerAtEdge(request, res, edgePlugs);
    } catch (err) {
      return failed(err);
    }
    if (answered === false) next();
    else if (answered !== true) answered.then((done) => done || next(), failed);
  });
}
