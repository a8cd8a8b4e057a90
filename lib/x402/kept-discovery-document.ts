import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state";
import { discoveryDocument } from "./discovery-document";

/** The longest a built document is served while its key holds: the answer's own cache-control max-age. */
const KEEP_MS = 60_000;

type Built = { key: string; at: number; body: Promise<Uint8Array<ArrayBuffer>> };
const state = processState("discovery-document", (): { built?: Built } => ({}));

/**
 * What the discovery document is built from, in one small statement: the network's content count
 * (ContentCount, kept by triggers: an item added or removed), the newest content change (every write
 * of a Content row sets updatedAt: a price, policy or URL changed; one seek of the (network, updatedAt)
 * index) and the newest site change (a site verified, removed or unhosted). Any of them moving
 * rebuilds the document at once.
 */
async function freshnessKey(): Promise<string> {
  const network = env.NETWORK_MODE;
  const [row] = await db.$queryRaw<Array<{ n: unknown; content: unknown; site: unknown }>>`SELECT
      (SELECT COALESCE(SUM(k."n"), 0) FROM "ContentCount" k WHERE k."network" = ${network}) AS "n",
      (SELECT c."updatedAt" FROM "Content" c WHERE c."network" = ${network} ORDER BY c."updatedAt" DESC LIMIT 1) AS "content",
      (SELECT MAX(s."updatedAt") FROM "Site" s) AS "site"`;
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? ""));
  return `${network}:${text(row?.n)}:${text(row?.content)}:${text(row?.site)}`;
}

/**
 * GET /.well-known/x402's body (JSON bytes): the document of `discoveryDocument`, whose build reads
 * up to 1,000 rows walking the content index (the largest part of a computed answer at 100,000
 * items), kept and served while its freshness key holds, for at most a minute (what the answer's
 * cache-control already lets any cache keep it). A change a key cannot see (a write committed out of
 * order with an older updatedAt than the newest) shows within that minute. Concurrent requests share
 * one build. The same pattern as the content sitemap (lib/explore/sitemap-content.ts).
 */
export async function keptDiscoveryDocument(): Promise<Uint8Array<ArrayBuffer>> {
  const key = await freshnessKey();
  const kept = state();
  let built = kept.built;
  if (!built || built.key !== key || Date.now() - built.at >= KEEP_MS) {
    const mine: Built = { key, at: Date.now(), body: discoveryDocument().then((doc) => new TextEncoder().encode(JSON.stringify(doc))) };
    kept.built = built = mine;
    mine.body.catch(() => kept.built === mine && (kept.built = undefined));
  }
  return built.body;
}
