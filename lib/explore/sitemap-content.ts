import "server-only";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { contentEpoch } from "@/lib/counters/content-epoch";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { acceptsGzip } from "@/lib/http/accept-encoding";
import { BODY_ENCODING_HEADER } from "@/lib/http/internal-headers";
import { BodyAnswer } from "@/lib/http/plain-answer";
import { processState } from "@/lib/process-state";

/** How long a built sitemap is served while the set of visible content keeps its size. */
const KEEP_MS = 5 * 60_000;
/** Limits kept at once (each body up to megabytes): the oldest goes first. */
const MAX_KEPT = 4;

/** A built body, and its gzip once a reader asked for it (compressed once per build, off the event loop). */
type Built = { key: string; at: number; body: Promise<Uint8Array<ArrayBuffer>>; gzip?: Promise<Uint8Array<ArrayBuffer>> };
const gzipAsync = promisify(gzip);
const state = processState("sitemap-content", () => new Map<number, Built>());

async function build(limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const rows = await db.content.findMany({
    where: { network: env.NETWORK_MODE, url: { not: "" }, site: { verified: true, removedAt: null } },
    select: { url: true, updatedAt: true },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  const urls = rows.map((r) => ({ url: r.url, updatedAt: r.updatedAt.toISOString() }));
  return new TextEncoder().encode(JSON.stringify({ success: true, urls }));
}

/**
 * GET /hub/sitemap/content: URLs of verified, live content of this network, most recently updated
 * first (SitemapContentResponse). Up to 50,000 URLs is megabytes of JSON and half a second to build, so
 * the built body is kept per limit for up to 5 minutes and rebuilt at once when the content epoch
 * moves (lib/counters/content-epoch.ts: an item added, removed or given another URL, network or site, a
 * site verified, unverified, removed or restored; one small read per request). A built body may be kept
 * under an epoch read just before a write it already shows: the next request reads the new epoch and
 * builds again, never the reverse. A changed date of an existing item (every counter write moves
 * `updatedAt`) shows within those 5 minutes. Concurrent requests share one build; four limits are kept.
 * A reader that accepts gzip (every crawler) gets the body compressed once per build: about 15× fewer
 * bytes (3.8 MB of 50,000 URLs is about 0.3 MB), sent as it is kept (BODY_ENCODING_HEADER: the edge makes
 * it the Content-Encoding). Either body is written as it is kept (BodyAnswer), not read back out of a
 * web Response's stream.
 */
export async function sitemapContent({ limit }: { limit: number }, acceptEncoding: string | null): Promise<BodyAnswer> {
  // Without the epoch's row (never seen: a content write makes it again) nothing is kept.
  const key = `${env.NETWORK_MODE}:${(await contentEpoch()) ?? `none:${Math.random()}`}`;
  const kept = state();
  let built = kept.get(limit);
  if (!built || built.key !== key || Date.now() - built.at >= KEEP_MS) {
    built = { key, at: Date.now(), body: build(limit) };
    kept.delete(limit);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(limit, built);
    const mine = built;
    mine.body.catch(() => kept.get(limit) === mine && kept.delete(limit));
  }
  const headers = { "content-type": "application/json", vary: "Accept-Encoding" };
  if (!acceptsGzip(acceptEncoding)) return new BodyAnswer(await built.body, headers);
  return new BodyAnswer(await (built.gzip ?? compress(built)), { ...headers, [BODY_ENCODING_HEADER]: "gzip" });
}

/** The build's gzip, started and kept on it; a failed compression is tried again, not kept. */
function compress(built: Built): Promise<Uint8Array<ArrayBuffer>> {
  const gzipped = (built.gzip = built.body.then(async (b) => new Uint8Array(await gzipAsync(b))));
  gzipped.catch(() => built.gzip === gzipped && delete built.gzip);
  return gzipped;
}
