import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextRequest } from "next/server";
import type { HandlerContext, PlainAnswer } from "@/lib/http/plain-answer";
import { routeMatcher, segments, type MatchedRoute } from "@/lib/http/route-matcher";
import { routeRequest } from "./route-request";
import type { EdgePlugs, RouteModuleLoader } from "./plugs";

type Params = Record<string, string | string[]>;
type Handler = (req: NextRequest, ctx: HandlerContext) => Response | Promise<Response>;
type Route = { segs: string[]; load: RouteModuleLoader; module?: Record<string, unknown> };

/** Headers Next drops from a route's Response (its send-response.js): a fetched body may have been decoded already. */
const DROPPED = new Set(["content-length", "content-encoding", "transfer-encoding"]);
/** Headers a route's Response adds to those the edge set (Next's rule); for any other the edge's own wins. */
const REPEATABLE = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);

/** What a handler returns when it gave its answer as text (never written: the text is). */
const ANSWERED_PLAIN = new Response(null, { status: 204 });

const tables = new WeakMap<EdgePlugs["apiHandlers"], (pathname: string) => MatchedRoute<Route> | undefined>();

/**
 * Serves an API request with its route handler (app/**\/route.ts) from the edge, as Next would call it,
 * without Next's router and route runtime in between: they cost more than the whole answer of a cheap
 * route (bench/README.md, "Issue 38, session 43"). What reaches the handler is what Next gives it: a
 * NextRequest for http(s)://localhost:<port><path> (https when X-Forwarded-Proto says so), the request's
 * headers and body (a small one read whole first, a larger one streamed), and the path's decoded params.
 * Its Response is written as Next writes one (send-response.js): Content-Length, Content-Encoding and
 * Transfer-Encoding dropped; a header the edge set already wins, except Set-Cookie, WWW-Authenticate,
 * Proxy-Authenticate and Vary, which add; no body for HEAD, which a GET handler answers; the body
 * streamed with backpressure, and cancelled when the client goes away. An answer the route wrapper has
 * whole as text (a JSON value, an error, a 402) it hands over as text instead (`answerPlain`,
 * lib/http/plain-answer.ts), and the edge writes it by the same rules with no Response built.
 *
 * Returns false (Next serves the request) when no handler is plugged in, the path is not canonical (a
 * trailing or doubled slash: Next redirects it), no route matches, or the route has no such method.
 */
export function serveRoute(req: IncomingMessage, res: ServerResponse, plugs: EdgePlugs): false | Promise<boolean> {
  if (plugs.apiHandlers.length === 0) return false;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  const segs = segments(pathname);
  if (`/${segs.join("/")}` !== pathname) return false;
  let match = tables.get(plugs.apiHandlers);
  if (!match) tables.set(plugs.apiHandlers, (match = routeMatcher(plugs.apiHandlers.map(([pattern, load]) => [pattern, { segs: segments(pattern), load }] as const))));
  const route = match(pathname)?.value;
  if (!route) return false;
  const method = req.method ?? "GET";
  if (route.module) {
    const handler = handlerOf(route.module, method);
    return handler ? answer(req, res, handler, paramsOf(route.segs, segs)) : false;
  }
  return route.load().then((module) => {
    route.module = module;
    const handler = handlerOf(module, method);
    return handler ? answer(req, res, handler, paramsOf(route.segs, segs)) : false;
  });
}

/** The route's handler for a method: HEAD is answered by GET when the route has no HEAD, as Next does. */
function handlerOf(module: Record<string, unknown>, method: string): Handler | null {
  const handler = module[method] ?? (method === "HEAD" ? module.GET : undefined);
  return typeof handler === "function" ? (handler as Handler) : null;
}

/** The dynamic segments' values, decoded, as Next gives them: `[x]` a string, `[...x]` and `[[...x]]` arrays. */
function paramsOf(template: string[], segs: string[]): Params {
  const params: Params = {};
  template.forEach((t, i) => {
    const rest = /^\[\[?\.\.\.(.+?)\]?\]$/.exec(t);
    if (rest) {
      if (segs.length > i) params[rest[1]!] = segs.slice(i).map(decodeURIComponent);
    } else if (t.startsWith("[")) params[t.slice(1, -1)] = decodeURIComponent(segs[i]!);
  });
  return params;
}

async function answer(req: IncomingMessage, res: ServerResponse, handler: Handler, params: Params): Promise<true> {
  const body = req.method === "GET" || req.method === "HEAD" ? null : hasSmallBody(req) ? await readWhole(req) : req;
  // The client went away before its small body was in: no one is left to answer.
  if (body === undefined) {
    res.destroy();
    return true;
  }
  let plain: PlainAnswer | undefined;
  const answerPlain = (answer: PlainAnswer) => ((plain = answer), ANSWERED_PLAIN);
  const response = await handler(toRouteRequest(req, body), { params: Promise.resolve(params), answerPlain });
  if (plain && response === ANSWERED_PLAIN) {
    writePlain(res, plain);
    return true;
  }
  response.headers.forEach((value, name) => name !== "set-cookie" && writeAnswerHeader(res, name, value));
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  res.writeHead(response.status, response.statusText || undefined);
  await sendBody(req.method === "HEAD" ? null : response.body, res);
  if (req.method === "HEAD") await response.body?.cancel();
  return true;
}

/** One header of a route's answer (its name lower-cased), by Next's rules: framing and coding dropped, the edge's own wins unless repeatable. */
function writeAnswerHeader(res: ServerResponse, name: string, value: string): void {
  if (DROPPED.has(name)) return;
  // A new header is set, not appended: Node's appendHeader checks a value character by character and then
  // hands it to setHeader, which checks it again (a 5 KB PAYMENT-REQUIRED: 2 % of a 402, session 53).
  if (res.getHeader(name) === undefined) res.setHeader(name, value);
  else if (REPEATABLE.has(name)) res.appendHeader(name, value);
}

/**
 * An answer the route wrapper had whole as text (lib/http/plain-answer.ts), written as a Response would
 * be (the same header rules), with no web Response in between, and its Content-Length (a HEAD answer
 * gets the length without the body).
 */
function writePlain(res: ServerResponse, { status, headers, text }: PlainAnswer): void {
  for (const name in headers) writeAnswerHeader(res, name.toLowerCase(), headers[name]!);
  res.statusCode = status;
  res.setHeader("content-length", Buffer.byteLength(text)); // text, or bytes (their byteLength)
  res.end(text);
}

/**
 * A body of at most this many bytes, declared by Content-Length, is read whole before the handler runs
 * and held beside its request as bytes (lib/edge/route-request.ts): the web stream undici otherwise
 * wraps around the Node stream, and even one made from bytes, cost a small JSON POST (a payment, a 402's
 * request) more than the rest of its Request (bench/README.md, "Issue 38", sessions 51 and 52). Larger or
 * chunked bodies (uploads) stream as they come.
 */
export const SMALL_BODY_BYTES = 64 * 1024;

/** A body declared by Content-Length (not chunked) of at most SMALL_BODY_BYTES. */
function hasSmallBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return length !== undefined && req.headers["transfer-encoding"] === undefined && /^\d{1,5}$/.test(length) && Number(length) <= SMALL_BODY_BYTES;
}

/** The whole body, as Node's parser frames it by its Content-Length; undefined when the client goes away first. */
function readWhole(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const finish = (body: Buffer | undefined) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onGone);
      req.off("error", onGone);
      resolve(body);
    };
    const onData = (chunk: Buffer) => void chunks.push(chunk);
    const onEnd = () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    const onGone = () => finish(undefined);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("close", onGone);
    req.on("error", onGone);
  });
}

/** The request a route handler gets, as Next makes it for the server it was given (server.mjs: localhost and the port), its parts made when read (lib/edge/route-request.ts). */
function toRouteRequest(req: IncomingMessage, body: Buffer | IncomingMessage | null): NextRequest {
  const proto = req.headers["x-forwarded-proto"]?.includes("https") ? "https" : "http";
  return routeRequest(`${proto}://localhost:${req.socket.localPort}${req.url}`, req.method ?? "GET", req.headers, body);
}

/** Streams the body with backpressure; a client that goes away cancels it (a media stream stops reading its file). */
async function sendBody(body: ReadableStream<Uint8Array> | null, res: ServerResponse): Promise<void> {
  if (!body) {
    res.end();
    return;
  }
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  res.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await drained(res);
    }
    if (!res.destroyed) res.end();
  } catch (err) {
    // Headers are out: all a failed body can do is cut the connection, so the client sees it incomplete.
    res.destroy(err as Error);
  } finally {
    res.off("close", cancel);
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
