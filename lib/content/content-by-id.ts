import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

type Named = { contentId: string; siteId?: string };
type Rows = Awaited<ReturnType<typeof queryRows>>;

// Per request: keyed by the request's parsed body object, so POST /hub/pay asks once whether the id
// names a hosted post (lib/blog/find-sold-post) and what it costs (lib/x402/resolve-pay-resource).
const perInput = new WeakMap<object, Map<string, Promise<Rows>>>();

function queryRows({ contentId, siteId }: Named) {
  const byExternal = { externalId: contentId, ...(siteId ? { siteId } : {}) };
  return db.content.findMany({ where: { network: env.NETWORK_MODE, OR: [{ id: contentId }, byExternal] }, include: { site: true }, orderBy: { createdAt: "asc" }, take: 5 });
}

/**
 * The content item a contentId names, with its site: the hub id, else a site's externalId (within
 * siteId when given); the hub id wins over an externalId that happens to equal it. One query per
 * `input` object and id: callers handling one request pass the same parsed body and share the answer.
 */
export async function contentById(input: Named) {
  const key = `${input.contentId}\n${input.siteId ?? ""}`;
  let memo = perInput.get(input);
  if (!memo) perInput.set(input, (memo = new Map()));
  let rows = memo.get(key);
  if (!rows) {
    rows = queryRows(input);
    memo.set(key, rows);
    rows.catch(() => memo.delete(key));
  }
  const found = await rows;
  return found.find((r) => r.id === input.contentId) ?? found[0] ?? null;
}
