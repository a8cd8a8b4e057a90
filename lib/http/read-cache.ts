import "server-only";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics/metrics";
import { processState } from "@/lib/process-state";
import { BLOG_ORIGIN_HEADER } from "./internal-headers";
import type { PlainAnswer } from "./plain-answer";
import { broadcast, onBroadcast } from "@/lib/cluster/worker-bus";

/**
 * Public read answers kept in memory for READ_CACHE_MS (the freshness bound), for routes that declare
 * `cache: true` in `route()`: answers that are the same for every caller (explore, ledger, stats,
 * leaderboards, sitemaps, discovery, share meta). Only 200 answers are kept; a key is the method,
 * the origin headers (Host, X-Forwarded-Host/-Proto, the blog routing's origin), the path and the
 * query sorted by name. Concurrent misses of one key share one computation.
 *
 * Freshness: every write request this process finishes (POST, PUT, PATCH, DELETE through `route()`)
 * that sent the database a statement that may write (lib/db.ts marks the request; a 402 challenge or a
 * refused body sends none) starts a new generation, and answers of an older generation are never served, so a client reads its
 * own writes on the instance that took them. The workers of one `npm start` (HUB_WORKERS) are one
 * instance: a write tells the other workers through the cluster primary before its answer is sent, and
 * they drop theirs as soon as the message arrives (docs/workers.md). Writes this instance did not see
 * (another instance, the settler's and index's background passes, a CLI) show within READ_CACHE_MS. An
 * answer computed while a write finished is not kept (it may predate the write).
 *
 * Anonymous readers' pages are kept in the same store and under the same bound (lib/edge/page-cache.ts,
 * through `keptAnswer` and `keepAnswer` with `page`), in a generation of their own: a write whose route
 * declares it changes only counts (`writes: "counts"` in `route()`: a widget event, a view, a paid
 * unlock — a sale, a view, a ledger row) drops every kept answer and value but not the kept pages, which
 * show such counts up to READ_CACHE_MS old; any other write drops them too. A page kept for no one in
 * particular is never how a writer reads its own write (a payer's receipt, its ledger row and its counts
 * are answers), and under a steady rate of sales and views (the soak's mix: about 27 a second) a page
 * dropped on each of them would never be served from the cache.
 */
export type Snapshot = {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array;
  /** Not served from this time on (ms), besides READ_CACHE_MS: a share page's expiry. */
  until?: number;
  /** A kept page's CSP nonce, replaced by a fresh one on every hit (lib/edge/page-cache.ts). */
  nonce?: string | null;
  /** What a kept page's every reader still causes (a blog post's view). */
  onHit?: () => void;
  /** The headers by lower-cased name, worked out on the answer's first use; null when a name repeats. */
  plainHeaders?: Record<string, string> | null;
};
/** `page`: an anonymous reader's page, of the page generation (kept across writes of counts). */
type Entry = Snapshot & { at: number; generation: number; page: boolean };
type Kept<T> = { at: number; generation: number; value: Promise<T> };
type State = {
  /** Advanced by every write. */
  generation: number;
  /** Advanced by every write but those of counts only (`WriteScope`): the kept pages' generation. */
  pageGeneration: number;
  entries: Map<string, Entry>;
  bytes: number;
  flights: Map<string, { generation: number; done: Promise<Snapshot> }>;
  /** Kept values by space (`cachedValue`): each space evicts its own oldest past its bound. */
  kept: Record<ValueSpace, Map<string, Kept<unknown>>>;
};

/** Bounds: one answer larger than this is never kept, and the cache evicts its oldest past the total. */
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 2_000;
/**
 * Spaces of kept values, each with its own bound, so one kind cannot push out the other: "values" are
 * few and shared by many answers (explore's counts); "rows" are one per resource an anonymous quote
 * names (a content row, a share, a post, a blog), as many as the resources readers ask about.
 */
const MAX_VALUES = { values: 256, rows: 4_096 } as const;
export type ValueSpace = keyof typeof MAX_VALUES;

/** What a write may have changed: anything ("all"), or only counts a page may show a moment old ("counts"). */
export type WriteScope = "all" | "counts";

// One cache per process (lib/process-state.ts); another worker's write drops it too.
const INVALIDATE = "read-cache:invalidate";
const state = processState("read-cache", (): State => {
  onBroadcast(INVALIDATE, (scope) => drop(state(), scope === "counts" ? "counts" : "all"));
  return { generation: 0, pageGeneration: 0, entries: new Map(), bytes: 0, flights: new Map(), kept: { values: new Map(), rows: new Map() } };
});

/**
 * A write finished in this process: every kept answer and value is stale from now on, here and in the
 * other workers, and so is every kept page unless the write changed only counts.
 */
export function invalidateReads(scope: WriteScope = "all"): void {
  drop(state(), scope);
  broadcast(INVALIDATE, scope);
}

function drop(s: State, scope: WriteScope): void {
  s.generation += 1;
  if (scope === "all") {
    s.pageGeneration += 1;
    s.entries.clear();
    s.bytes = 0;
  } else {
    for (const [key, e] of s.entries) {
      if (e.page) continue;
      s.entries.delete(key);
      s.bytes -= e.body.byteLength;
    }
  }
  for (const space of Object.values(s.kept)) space.clear();
}

/** Whether this process keeps answers and values at all (READ_CACHE_MS > 0): with 0, everything is computed every time. */
export function readCacheOn(): boolean {
  return env.READ_CACHE_MS > 0;
}

/**
 * A value several cached answers are built from (the visible content count every explore page, sort
 * and the content board share), or a row an anonymous quote is priced from (`space` "rows"), under the
 * same bound as the answers: computed at most once per READ_CACHE_MS and write generation in this
 * process, concurrent callers sharing the computation.
 * A failed computation is not kept. READ_CACHE_MS=0 computes it every time.
 */
export async function cachedValue<T>(key: string, compute: () => Promise<T>, space: ValueSpace = "values"): Promise<T> {
  if (!readCacheOn()) return compute();
  const ttl = env.READ_CACHE_MS;
  const s = state();
  const values = s.kept[space];
  const generation = s.generation;
  const now = Date.now();
  const kept = values.get(key) as Kept<T> | undefined;
  if (kept && kept.generation === generation && now - kept.at < ttl) return kept.value;
  const entry: Kept<T> = { at: now, generation, value: compute() };
  values.delete(key);
  values.set(key, entry);
  for (const [k] of values) {
    if (values.size <= MAX_VALUES[space]) break;
    values.delete(k);
  }
  entry.value.catch(() => {
    if (values.get(key) === entry) values.delete(key);
  });
  return entry.value;
}

/**
 * The cache key of a request: what decides a cacheable answer (never cookies: cached routes ignore who
 * asks). `url` is the request's URL as the route wrapper parsed it (a WHATWG URL: the path and query a
 * NextURL would give, at a twentieth of its cost, bench/README.md "Issue 38, session 53").
 */
export function readCacheKey(req: Request, url: URL): string {
  // By name only: the sort is stable, so a repeated parameter keeps its values' order (the route reads the last one).
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Everything an answer's links may be built from: the Host and what a proxy or the blog routing says of the origin.
  const origin = ["host", "x-forwarded-host", "x-forwarded-proto", BLOG_ORIGIN_HEADER].map((h) => req.headers.get(h) ?? "").join("|");
  return `${req.method} ${origin} ${url.pathname}?${new URLSearchParams(query)}`;
}

/** This process's write generation (with `page`, the kept pages' one): an answer computed from an older one is not kept (`keepAnswer`). */
export function readGeneration(page = false): number {
  return current(state(), page);
}

const current = (s: State, page: boolean) => (page ? s.pageGeneration : s.generation);

/** The answer kept for `key` when it is fresh (its kind's generation, younger than READ_CACHE_MS, before its `until`), counted as a hit. */
export function keptAnswer(key: string, now = Date.now()): Snapshot | undefined {
  if (!readCacheOn()) return undefined;
  const ttl = env.READ_CACHE_MS;
  const s = state();
  const kept = s.entries.get(key);
  if (!kept || kept.generation !== current(s, kept.page) || now - kept.at >= ttl || (kept.until !== undefined && now >= kept.until)) return undefined;
  metrics().readCache.inc({ result: "hit" });
  return kept;
}

/**
 * Keeps `snap` for `key`, computed at `at` in `generation` (a page's: `readGeneration(true)`), unless a
 * write of its kind has finished since (or it is too large).
 */
export function keepAnswer(key: string, snap: Snapshot, { at, generation, page = false }: { at: number; generation: number; page?: boolean }): void {
  const s = state();
  if (!readCacheOn() || current(s, page) !== generation || snap.body.byteLength > MAX_ENTRY_BYTES) return;
  keep(s, key, { ...snap, at, generation, page });
}

/**
 * The answer for `key`: a fresh kept one, a computation already under way, or `compute()` (kept when
 * 200), with `x-hub-cache` saying which. It comes back as a plain answer (lib/http/plain-answer.ts): the
 * edge writes its kept bytes as they are, with no web Response, Headers or body stream made for a hit
 * or a miss, and a plain answer computed is kept without being read back through one (bench/README.md,
 * "Issue 38, session 61"). Only an answer that repeats a header (Set-Cookie) comes back as a Response.
 * With READ_CACHE_MS=0 the computed answer is returned as it is.
 */
export async function cachedRead(key: string, compute: () => Promise<Response | PlainAnswer>): Promise<Response | PlainAnswer> {
  if (!readCacheOn()) return compute();
  const s = state();
  const now = Date.now();
  const kept = keptAnswer(key, now);
  if (kept) return answerOf(kept, "hit");
  const flight = s.flights.get(key);
  if (flight && flight.generation === s.generation) {
    metrics().readCache.inc({ result: "shared" });
    return answerOf(await flight.done, "shared");
  }
  metrics().readCache.inc({ result: "miss" });
  const generation = s.generation;
  const done = compute().then(snapshot);
  s.flights.set(key, { generation, done });
  try {
    const snap = await done;
    if (snap.status === 200) keepAnswer(key, snap, { at: now, generation });
    return answerOf(snap, "miss");
  } finally {
    if (s.flights.get(key)?.done === done) s.flights.delete(key);
  }
}

function keep(s: State, key: string, entry: Entry) {
  const old = s.entries.get(key);
  if (old) {
    s.entries.delete(key);
    s.bytes -= old.body.byteLength;
  }
  s.entries.set(key, entry);
  s.bytes += entry.body.byteLength;
  // Map order is insertion order: the first entries are the oldest.
  for (const [k, e] of s.entries) {
    if (s.bytes <= MAX_TOTAL_BYTES && s.entries.size <= MAX_ENTRIES) break;
    s.entries.delete(k);
    s.bytes -= e.body.byteLength;
  }
}

const encoder = new TextEncoder();

/** An answer as it is kept: a plain one's text encoded once, a Response's body read whole. */
async function snapshot(answer: Response | PlainAnswer): Promise<Snapshot> {
  if (answer instanceof Response) return { status: answer.status, headers: [...answer.headers], body: new Uint8Array(await answer.arrayBuffer()) };
  const { status, headers, text } = answer;
  return { status, headers: Object.entries(headers), body: typeof text === "string" ? encoder.encode(text) : text };
}

/** A kept answer to send: plain (its bytes as kept), or a Response when a header name repeats (a plain answer has one value a name). */
function answerOf(snap: Snapshot, how: "hit" | "shared" | "miss"): Response | PlainAnswer {
  const plain = snap.plainHeaders === undefined ? (snap.plainHeaders = plainHeadersOf(snap.headers)) : snap.plainHeaders;
  if (!plain) return toResponse(snap, how);
  return { status: snap.status, headers: { ...plain, "x-hub-cache": how }, text: snap.body };
}

function plainHeadersOf(list: Array<[string, string]>): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const [name, value] of list) {
    const lower = name.toLowerCase();
    if (lower in headers) return null;
    headers[lower] = value;
  }
  return headers;
}

function toResponse(snap: Snapshot, how: "hit" | "shared" | "miss"): Response {
  const headers = new Headers(snap.headers);
  headers.set("x-hub-cache", how);
  return new Response(snap.body.byteLength ? snap.body.slice() : null, { status: snap.status, headers });
}
