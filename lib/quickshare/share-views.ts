import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { batchedCounts, type CountBatch } from "@/lib/ledger/batched-counts";
import { recordActivity } from "@/lib/ledger/record-activity";

/**
 * One flush of share page views, in one transaction, as POST /quickshare/<slug>/view records one: the
 * share's viewCount, a view event per view (the owner's dashboard and its daily series) and the public
 * ledger's quickshare/view rows (no slug, link, title or wallet; /hub/stats counts them).
 */
export async function writeShareViews(batch: CountBatch<string>, now: Date): Promise<void> {
  // Shares in id order, the ledger's rows last (docs/decisions.md, one lock order: one lock order for every writer).
  const shares = [...batch].sort((a, b) => (a.item < b.item ? -1 : a.item > b.item ? 1 : 0));
  await db.$transaction(async (tx) => {
    let views = 0;
    for (const { item: shareId, count } of shares) {
      const { count: found } = await tx.quickshare.updateMany({ where: { id: shareId }, data: { viewCount: { increment: count } } });
      if (found === 0) continue; // deleted since
      await tx.quickshareEvent.createMany({ data: Array.from({ length: count }, () => ({ shareId, network: env.NETWORK_MODE, kind: "view", createdAt: now })) });
      views += count;
    }
    await recordActivity({ type: "quickshare", subkind: "view", timestamp: now }, tx, { times: views });
  });
}

const shareViews = batchedCounts<string>("share-views", writeShareViews);

/** Counts one reader's view of a share page (not its owner's), written with the others within a second. */
export function countShareView(shareId: string): void {
  shareViews.count(shareId, shareId);
}

/** Writes the views counted so far (the instance's drain does it too). */
export const flushShareViews = (now?: Date) => shareViews.flush(now);
