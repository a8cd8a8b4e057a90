import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { acceptsGzip, appendVary } from "@/lib/http/accept-encoding";
import { keepAnswer, keptAnswer, readCacheOn, readGeneration, type Snapshot } from "@/lib/http/read-cache";
import { TEST_CLOCK_HEADER } from "@/lib/http/request-clock";
import { logger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/metrics";
import { closeHandoff, offerKeep } from "./handoff";
import type { EdgePlugs, EdgeRequest } from "./plugs";
import { tapResponse } from "./response-tap";
import { processState } from "@/lib/process-state";
import { randomText } from "@/lib/random-text";

/**
 * Whole reader pages (a share page, a hosted blog's index and posts, the hub's discovery pages) kept
 * for readers who bring nothing of their own: the read cache's store, bound and freshness
 * (READ_CACHE_MS, and every write this process finishes drops them but a write of counts only — a sale,
 * a view, a widget event — whose counts a kept page shows up to the bound old: lib/http/read-cache.ts),
 * applied to HTML a server component rendered. A viral share link or post is rendered once per
 * READ_CACHE_MS, not once per reader, also while it sells.
 *
 * Kept only when both sides agree:
 * - the edge (`answerFromPageCache`) sees a plain browser GET of a page its plug lets keep (a share
 *   page, a blog's index and posts, home, explore, ledger, stats, leaderboards): no Cookie (no session,
 *   so no entitlement, proof or admin view), no credential, actor or test header, not one of Next's
 *   client-router (RSC) requests, and it accepts HTML (an agent gets the access route, never this);
 * - the page itself says its render was for no one in particular (`keepPage` in lib/edge/handoff.ts,
 *   called by the page's server component once it knows the reader is anonymous), with anything that
 *   ends it sooner (a share's expiry) and anything every reader still causes (a blog post's view).
 *
 * Readers who ask while a render of the page is under way share it (`flights`, x-hub-cache: shared).
 * A kept page is the response's status (200, or the 404/410/419 a share page answers), headers and
 * body; each hit gets a fresh CSP nonce (replaced in the policy and wherever the page carries it) and
 * is gzip-compressed when the reader accepts it (the render it was kept from is asked for identity).
 */
const KEPT_STATUSES = new Set([200, 404, 410, 419]);
/** Request headers that make a page someone's besides the plugs' (credentials, a declared actor): the test clock and faults, Next's router. */
const PERSONAL_HEADERS = [TEST_CLOCK_HEADER, "x-hub-test-fault", "cookie", "authorization", "rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action", "next-url"];
/** Response headers a hit does not repeat: the request's own, and what Node writes itself. */
const NOT_REPEATED = new Set(["x-request-id", "date", "content-length", "transfer-encoding", "connection", "keep-alive", "etag", "content-encoding"]);
const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

/**
 * Renders under way, by page key: readers who ask for a page while another reader's render of it may be
 * kept wait for that render and are served its copy, so a page is rendered once when its kept copy
 * ends, not once per reader arriving during the render (at 2,500 readers a second and a 14 ms render,
 * about 35 renders). `done` gives the copy once the response closed, or undefined when it is not every
 * reader's (the page did not say so, too large, an error) or a write that drops pages finished meanwhile.
 */
type Flight = { generation: number; done: Promise<Snapshot | undefined> };
const flights = processState("page-flights", () => new Map<string, Flight>());
/** A reader waits this long for another's render at most, then renders its own (a render that hangs holds no one). */
const FLIGHT_WAIT_MS = 5_000;

/**
 * The edge's first step for a page: answers it from the kept copy (true), or from a render of it under
 * way for another reader (a promise of true), or, for a page that may be kept, offers the page to keep
 * it (lib/edge/handoff.ts), asks Next for identity and records the response to keep it if the page says
 * so (false, or a promise of false when a render it waited for could not be shared: Next serves it).
 */
export function answerFromPageCache(request: EdgeRequest, res: ServerResponse, plugs: EdgePlugs): boolean | Promise<boolean> {
  const { req } = request;
  const key = pageKey(request, plugs);
  if (!key) return false;
  const kept = keptAnswer(key);
  if (kept) {
    writeKept(req, res, kept, "hit");
    return true;
  }
  const flight = flights().get(key);
  if (flight && flight.generation === readGeneration(true)) return shareFlight(req, res, key, flight);
  record(req, res, key);
  return false;
}

async function shareFlight(req: IncomingMessage, res: ServerResponse, key: string, flight: Flight): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, FLIGHT_WAIT_MS, undefined)));
  const snap = await Promise.race([flight.done, waited]).finally(() => clearTimeout(timer));
  if (res.destroyed) return true; // the reader left while waiting: nothing to answer
  if (snap && (snap.until === undefined || Date.now() < snap.until)) {
    metrics().readCache.inc({ result: "shared" });
    writeKept(req, res, snap, "shared");
    return true;
  }
  record(req, res, key);
  return false;
}

/** The cache key of a page request that may be kept, or null: see PERSONAL_HEADERS and the module comment. */
function pageKey({ req, method, pathname, blog }: EdgeRequest, plugs: EdgePlugs): string | null {
  if (!readCacheOn() || method !== "GET") return null;
  const host = blog ? "blog" : "hub";
  if (!plugs.pages.some((p) => p.host === host && p.kept?.(pathname))) return null;
  const h = req.headers;
  if (!/\btext\/html\b/i.test(h.accept ?? "")) return null;
  for (const name of PERSONAL_HEADERS) if (h[name] !== undefined) return null;
  for (const name of plugs.personalHeaders) if (h[name] !== undefined) return null;
  // Everything a page's links are built from: the Host and what a proxy says of the origin.
  return `page ${h.host ?? ""}|${h["x-forwarded-host"] ?? ""}|${h["x-forwarded-proto"] ?? ""} ${req.url}`;
}

/** A miss: this request renders the page, as the flight others may wait on, and keeps it if the page says so. */
function record(req: IncomingMessage, res: ServerResponse, key: string): void {
  metrics().readCache.inc({ result: "miss" });
  const id = offerKeep(requestHeaders(req));
  // Kept bodies are compressed per hit (their nonce changes); the render itself is asked for identity.
  delete req.headers["accept-encoding"];
  const at = Date.now();
  const generation = readGeneration(true);
  let settle!: (snap: Snapshot | undefined) => void;
  const flight: Flight = { generation, done: new Promise((resolve) => (settle = resolve)) };
  flights().set(key, flight);
  const chunks: Buffer[] = [];
  let size = 0;
  let whole = true;
  tapResponse(res, {
    onChunk: (b) => {
      if (!whole) return;
      size += b.byteLength;
      if (size > MAX_PAGE_BYTES) whole = false;
      else chunks.push(b);
    },
  });
  res.once("close", () => {
    let snap: Snapshot | undefined;
    try {
      snap = keepable(res, closeHandoff(id), whole, chunks);
      if (snap) keepAnswer(key, snap, { at, generation, page: true });
    } finally {
      if (flights().get(key) === flight) flights().delete(key);
      // Readers who waited get the copy only while it may be kept (no write that drops pages since).
      settle(snap && readGeneration(true) === generation ? snap : undefined);
    }
  });
}

/** The response as a kept page, or undefined when it may not be kept (see the module comment). */
function keepable(res: ServerResponse, said: ReturnType<typeof closeHandoff>, whole: boolean, chunks: Buffer[]): Snapshot | undefined {
  if (!said?.keep || !whole || !res.writableFinished || !KEPT_STATUSES.has(res.statusCode)) return undefined;
  const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): [string, string][] =>
    NOT_REPEATED.has(name) || value === undefined ? [] : Array.isArray(value) ? value.map((v) => [name, v]) : [[name, String(value)]]);
  if (headers.some(([name]) => name === "set-cookie" || name === "content-encoding") || !/^text\/html\b/.test(String(res.getHeader("content-type") ?? ""))) return undefined;
  const nonce = NONCE.exec(String(res.getHeader("content-security-policy") ?? ""))?.[1] ?? null;
  return { status: res.statusCode, headers, body: Buffer.concat(chunks), until: said.until, nonce, onHit: said.onHit };
}

/** A request's headers as the handoff reads and names them. */
export function requestHeaders(req: IncomingMessage): Pick<Headers, "get" | "set"> {
  return {
    get: (name) => {
      const v = req.headers[name];
      return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
    },
    set: (name, value) => {
      req.headers[name] = value;
    },
  };
}

/** Pages larger than this are not kept (a share page with a long body is still far below). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

function writeKept(req: IncomingMessage, res: ServerResponse, kept: Snapshot, how: "hit" | "shared"): void {
  const fresh = kept.nonce ? randomText(16, "base64") : null;
  const swap = (text: string) => (fresh ? text.replaceAll(kept.nonce!, fresh) : text);
  let body: Buffer = fresh ? Buffer.from(swap(Buffer.from(kept.body).toString("latin1")), "latin1") : Buffer.from(kept.body);
  for (const [name, value] of kept.headers) res.appendHeader(name, name === "content-security-policy" ? swap(value) : value);
  res.setHeader("vary", appendVary(res.getHeader("vary"), "Accept-Encoding"));
  if (acceptsGzip(req.headers["accept-encoding"])) {
    body = gzipSync(body);
    res.setHeader("content-encoding", "gzip");
  }
  res.setHeader("content-length", body.byteLength);
  res.setHeader("x-hub-cache", how);
  res.writeHead(kept.status);
  res.end(body);
  try {
    kept.onHit?.();
  } catch (err) {
    logger().error({ err }, "page cache: a kept page's per-reader effect failed");
  }
}
