import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { isBlogReaderPage } from "@/lib/blog/blog-page-headers";
import { env } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/metrics";
import { processState } from "@/lib/process-state";
import { SHARE_PAGE_PATH } from "@/lib/quickshare/wants-share-page";
import { ACTOR_HEADER, PROOF_HEADER } from "@/lib/x402/parse-credentials";
import { HEADERS } from "@/lib/x402/constants";
import { keepAnswer, keptAnswer, readGeneration, type Snapshot } from "./read-cache";
import { TEST_CLOCK_HEADER } from "./request-clock";

/**
 * Whole reader pages (a share page, a hosted blog's index and posts) kept for readers who bring
 * nothing of their own: the read cache's store, bound and freshness (READ_CACHE_MS, and every write
 * this process finishes drops them), applied to HTML a server component rendered. A viral share link
 * or post is rendered once per READ_CACHE_MS, not once per reader.
 *
 * Kept only when both sides agree:
 * - the server's request hook (`answerFromPageCache`) sees a plain browser GET of a reader page: no
 *   Cookie (no session, so no entitlement, proof or admin view), no credential, actor or test header,
 *   not one of Next's client-router (RSC) requests, and it accepts HTML (an agent gets the access
 *   route, never this);
 * - the page itself says its render was for no one in particular (`keepPage`, called by the page's
 *   server component once it knows the reader is anonymous), with anything that ends it sooner (a
 *   share's expiry) and anything every reader still causes (a blog post's view).
 *
 * A kept page is the response's status (200, or the 404/410/419 a share page answers), headers and
 * body; each hit gets a fresh CSP nonce (replaced in the policy and wherever the page carries it) and
 * is gzip-compressed when the reader accepts it (the render it was kept from is asked for identity).
 */
export const PAGE_CACHE_HEADER = "x-hub-page-cache";

const KEPT_STATUSES = new Set([200, 404, 410, 419]);
/** Request headers that make a page someone's: credentials, a declared actor, the test clock and faults, Next's router. */
const PERSONAL_HEADERS = [...HEADERS.signature, HEADERS.transferTx, HEADERS.txOwner, HEADERS.siwx, PROOF_HEADER, ACTOR_HEADER, TEST_CLOCK_HEADER, "x-hub-test-fault", "cookie", "authorization", "rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action", "next-url"];
/** Response headers a hit does not repeat: the request's own, and what Node writes itself. */
const NOT_REPEATED = new Set(["x-request-id", "date", "content-length", "transfer-encoding", "connection", "keep-alive", "etag", "content-encoding"]);
const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

type Declaration = { keep: boolean; until?: number; onHit?: () => void };
// By the request id the hook named in PAGE_CACHE_HEADER; taken (or dropped) when the response closes.
const declarations = processState("page-cache-declarations", () => new Map<string, Declaration>());

/**
 * For a reader page's server component: this request's render is the same for every anonymous reader
 * and may be kept. `until` ends it sooner (a share's expiry); `onHit` runs for every reader served the
 * kept page (the render counted this one itself). Does nothing when the hook did not offer to keep it.
 */
export function keepPage(headers: Pick<Headers, "get">, { until, onHit }: { until?: Date; onHit?: () => void } = {}): void {
  const id = headers.get(PAGE_CACHE_HEADER);
  if (id && declarations().has(id)) declarations().set(id, { keep: true, until: until?.getTime(), onHit });
}

/**
 * The server's request hook: answers a reader page from the kept copy (true), or, for a page that may
 * be kept, names the request in PAGE_CACHE_HEADER, asks Next for identity and records the response to
 * keep it if the page says so (false: Next serves it). A client's own PAGE_CACHE_HEADER is dropped before
 * (lib/lifecycle/handle-request.ts).
 */
export function answerFromPageCache(req: IncomingMessage, res: ServerResponse, { pathname, blog }: { pathname: string; blog: string | null }): boolean {
  const key = pageKey(req, pathname, blog);
  if (!key) return false;
  const kept = keptAnswer(key);
  if (kept) {
    writeKept(req, res, kept);
    return true;
  }
  metrics().readCache.inc({ result: "miss" });
  record(req, res, key);
  return false;
}

/** The cache key of a page request that may be kept, or null: see PERSONAL_HEADERS and the module comment. */
function pageKey(req: IncomingMessage, pathname: string, blog: string | null): string | null {
  if (env.READ_CACHE_MS <= 0 || req.method !== "GET") return null;
  if (blog ? !isBlogReaderPage(pathname) : !SHARE_PAGE_PATH.test(pathname)) return null;
  const h = req.headers;
  if (!/\btext\/html\b/i.test(h.accept ?? "")) return null;
  for (const name of PERSONAL_HEADERS) if (h[name] !== undefined) return null;
  // Everything a page's links are built from: the Host and what a proxy says of the origin.
  return `page ${h.host ?? ""}|${h["x-forwarded-host"] ?? ""}|${h["x-forwarded-proto"] ?? ""} ${req.url}`;
}

function record(req: IncomingMessage, res: ServerResponse, key: string): void {
  const id = randomUUID();
  req.headers[PAGE_CACHE_HEADER] = id;
  declarations().set(id, { keep: false });
  // Kept bodies are compressed per hit (their nonce changes); the render itself is asked for identity.
  delete req.headers["accept-encoding"];
  const at = Date.now();
  const generation = readGeneration();
  const chunks: Buffer[] = [];
  let size = 0;
  let whole = true;
  const take = (chunk: unknown, encoding?: unknown) => {
    if (!whole || chunk == null || typeof chunk === "function") return;
    const b = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    size += b.byteLength;
    if (size > MAX_PAGE_BYTES) whole = false;
    else chunks.push(b);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof res.end;
  res.once("close", () => {
    const said = declarations().get(id);
    declarations().delete(id);
    if (!said?.keep || !whole || !res.writableFinished || !KEPT_STATUSES.has(res.statusCode)) return;
    const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): [string, string][] =>
      NOT_REPEATED.has(name) || value === undefined ? [] : Array.isArray(value) ? value.map((v) => [name, v]) : [[name, String(value)]]);
    if (headers.some(([name]) => name === "set-cookie" || name === "content-encoding") || !/^text\/html\b/.test(String(res.getHeader("content-type") ?? ""))) return;
    const nonce = NONCE.exec(String(res.getHeader("content-security-policy") ?? ""))?.[1] ?? null;
    keepAnswer(key, { status: res.statusCode, headers, body: Buffer.concat(chunks), until: said.until, nonce, onHit: said.onHit }, { at, generation });
  });
}

/** Pages larger than this are not kept (a share page with a long body is still far below). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

function writeKept(req: IncomingMessage, res: ServerResponse, kept: Snapshot): void {
  const fresh = kept.nonce ? randomBytes(16).toString("base64") : null;
  const swap = (text: string) => (fresh ? text.replaceAll(kept.nonce!, fresh) : text);
  let body: Buffer = fresh ? Buffer.from(swap(Buffer.from(kept.body).toString("latin1")), "latin1") : Buffer.from(kept.body);
  for (const [name, value] of kept.headers) res.appendHeader(name, name === "content-security-policy" ? swap(value) : value);
  res.setHeader("vary", appendVary(res.getHeader("vary"), "Accept-Encoding"));
  if (acceptsGzip(req.headers["accept-encoding"])) {
    body = gzipSync(body);
    res.setHeader("content-encoding", "gzip");
  }
  res.setHeader("content-length", body.byteLength);
  res.setHeader("x-hub-cache", "hit");
  res.writeHead(kept.status);
  res.end(body);
  try {
    kept.onHit?.();
  } catch (err) {
    logger().error({ err }, "page cache: a kept page's per-reader effect failed");
  }
}

function appendVary(current: unknown, name: string): string {
  const list = current === undefined ? [] : String(current).split(",").map((v) => v.trim()).filter(Boolean);
  return list.some((v) => v.toLowerCase() === name.toLowerCase() || v === "*") ? list.join(", ") : [...list, name].join(", ");
}

/** gzip is acceptable unless the header does not name it (or `*`) or gives it q=0. */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  for (const part of value.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";").map((p) => p.trim());
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
