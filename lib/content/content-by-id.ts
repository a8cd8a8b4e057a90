import "server-only";
import { env } from "@/lib/env";
import { cachedValue } from "@/lib/http/read-cache";
import { contentForSale } from "./content-for-sale";
import { type KeptRows, keptSaleRows } from "./kept-sale-rows";

/**
 * `fromCache`: the request only asks for a quote (a 402 challenge, no payment): its content row may come
 * from the read cache (lib/http/read-cache.ts `cachedValue`: at most READ_CACHE_MS old, dropped by every
 * write of this instance), as explore's cards do. A challenge only quotes; the request that pays reads the
 * row afresh and is priced from it, so a quote a second old can cost a payer one more 402, never a wrong
 * charge.
 *
 * `kept`: the request pays on the Gateway rail, whose sale checks the row it was priced from in its own
 * block (lib/content/kept-sale-rows.ts): "use" this process's kept copy, read by an earlier sale, when
 * there is one; "renew" it (a request that copy could not decide, decided again from a fresh read).
 */
type Named = { contentId: string; siteId?: string; fromCache?: boolean; kept?: KeptRows };
type Rows = Awaited<ReturnType<typeof contentForSale>>;

// Per request: keyed by the request's parsed body object, so POST /hub/pay asks once whether the id
// names a hosted post (lib/blog/find-sold-post) and what it costs (lib/x402/resolve-pay-resource).
const perInput = new WeakMap<object, Map<string, Promise<Rows>>>();

function queryRows({ contentId, siteId }: Named) {
  return contentForSale({ by: "id", network: env.NETWORK_MODE, contentId, siteId });
}

/**
 * The content item a contentId names, with what a sale reads of it and its site (lib/content/content-for-sale.ts): the hub id, else a site's externalId (within
 * siteId when given); the hub id wins over an externalId that happens to equal it. One query per
 * `input` object and id: callers handling one request pass the same parsed body and share the answer.
 */
export async function contentById(input: Named) {
  const key = `${input.contentId}\n${input.siteId ?? ""}`;
  let memo = perInput.get(input);
  if (!memo) perInput.set(input, (memo = new Map()));
  let rows = memo.get(key);
  if (!rows) {
    rows = input.fromCache
      ? cachedValue(`content-by-id:${key}`, () => queryRows(input), "rows")
      : input.kept
        ? keptSaleRows({ network: env.NETWORK_MODE, contentId: input.contentId, siteId: input.siteId }, input.kept)
        : queryRows(input);
    memo.set(key, rows);
    rows.catch(() => memo.delete(key));
  }
  const found = await rows;
  return found.find((r) => r.id === input.contentId) ?? found[0] ?? null;
}
