import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { postListingId } from "@/lib/explore/post-listing-id";
import { trendIncrement } from "@/lib/explore/trend-score";
import { batchedCounts, COUNT_FLUSH_MS, type CountBatch } from "@/lib/ledger/batched-counts";
import { bumpDailyMetric } from "@/lib/ledger/bump-daily-metric";
import { recordActivity } from "@/lib/ledger/record-activity";

/** How long a reader's page view waits to be written with the others. */
export const VIEW_FLUSH_MS = COUNT_FLUSH_MS;

type View = { siteId: string; postId: string };

/**
 * One flush of post views, in one transaction: the post's `views` (raw: a view is not an edit, so the
 * post's updatedAt, which the editor shows, stays), and where the post has an explore listing, what a
 * widget's view of an external item records — the listing's views and trend score (its updatedAt moves,
 * so reputation scores and site sums see them at their next refresh), the public ledger's view rows
 * (which /hub/stats and the ledger's totals count) and the site's and item's daily metrics.
 */
async function writePostViews(batch: CountBatch<View>, now: Date): Promise<void> {
  await db.$transaction(async (tx) => {
    for (const { item: { siteId, postId }, count } of batch) {
      await tx.$executeRaw`UPDATE "BlogPost" SET "views" = "views" + ${count} WHERE "id" = ${postId}`;
      const listing = await tx.content.findUnique({
        where: { network_siteId_externalId: { network: env.NETWORK_MODE, siteId, externalId: postListingId(postId) } },
        select: { id: true, title: true, url: true, recipientWallet: true, site: { select: { domain: true } } },
      });
      if (!listing) continue;
      await tx.content.update({ where: { id: listing.id }, data: { views: { increment: count }, trendScore: { increment: trendIncrement({ views: count }, now) } } });
      await recordActivity(
        { type: "view", websiteId: siteId, actor: "human", contentId: listing.id, contentTitle: listing.title, contentUrl: listing.url, domain: listing.site.domain, timestamp: now, recipientWallet: listing.recipientWallet },
        tx,
        { times: count },
      );
      const day = now.toISOString().slice(0, 10);
      await bumpDailyMetric([{ siteId, day, views: count }, { siteId, contentId: listing.id, day, views: count }], tx);
    }
  });
}

const postViews = batchedCounts<View>("post-views", writePostViews);

/**
 * Counts one reader's view of a blog post (the post page; the owner's and admins' own views are not
 * counted by the caller), written with the others at most VIEW_FLUSH_MS later (lib/ledger/batched-counts.ts).
 */
export function countPostView(view: View): void {
  postViews.count(view.postId, view);
}

/** Writes the views counted so far (tests, and the instance's drain). */
export const flushPostViews = (now?: Date) => postViews.flush(now);
