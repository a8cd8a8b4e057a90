import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { blogTreePath } from "@/lib/edge/classify";
import { answerAtEdge, openRequest, writeError } from "@/lib/edge/request-edge";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { logRequest } from "@/lib/log/log-request";
import { logger } from "@/lib/log/logger";
import { requestContext } from "@/lib/log/request-context";
import { metrics } from "@/lib/metrics/metrics";
import { routePattern } from "@/lib/metrics/route-pattern";
import { processState } from "@/lib/process-state";
import { edgePlugs } from "./edge-plugs";
import { lifecycle } from "./lifecycle";
import { createTurnGate } from "./turn-gate";

const HEALTH_PATHS = new Set(["/health", "/health/ready"]);
/** Marks a socket that has carried a request. */
const SEEN = Symbol("hub.seen-connection");
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
 * Otherwise the request edge (lib/edge/request-edge.ts, with the domains' plugs) answers it (an API
 * request with its route handler, lib/edge/serve-route.ts) or readies it for Next. The edge drops a
 * client's internal headers first, on every path, draining included.
 * Before any of it, once the event loop's turns run long while new connections arrive, a request that
 * arrives in a turn that has already spent HUB_TURN_BUDGET_MS waits for a later turn
 * (lib/lifecycle/turn-gate.ts); health checks never wait.
 */
export function handleRequest(req: IncomingMessage, res: ServerResponse, next: () => unknown): void {
  const started = process.hrtime.bigint();
  // Health checks never wait: a probe must not fail an instance for being busy.
  if (HEALTH_PATHS.has((req.url ?? "").split("?", 1)[0] ?? "")) return serveRequest(req, res, next, started);
  // A request waiting for its turn counts in flight, so a graceful stop answers it (503) rather than dropping it.
  let waiting: (() => void) | undefined;
  // A connection's first request: the loop accepted it lately (what engages the gate, with a long turn).
  const socket = req.socket as Socket & { [SEEN]?: true };
  const newConnection = socket[SEEN] === undefined;
  socket[SEEN] = true;
  const admitted = turnGate().admit(() => {
    waiting?.();
    // A client that gave up while it waited has nothing left to answer.
    if (!req.socket.destroyed) serveRequest(req, res, next, started);
  }, newConnection);
  if (admitted === "queued") {
    waiting = lifecycle().begin();
    metrics().turnWaits.inc();
  }
}

/** One gate per process (lib/lifecycle/turn-gate.ts), HUB_TURN_BUDGET_MS per turn. */
const turnGate = processState("turn-gate", () => createTurnGate({ budgetMs: env.HUB_TURN_BUDGET_MS }));

function serveRequest(req: IncomingMessage, res: ServerResponse, next: () => unknown, started: bigint): void {
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
