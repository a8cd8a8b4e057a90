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
 * Rows are locked in the hub's one order (docs/decisions.md, one lock order): posts by id, then listings by id, then
 * the daily metrics in one statement, then the ledger's rows and totals; a flush that interleaved them
 * per post held a site's metric row while it waited for a listing a paid unlock held, and that unlock
 * waited for the metric row (a deadlock on PostgreSQL).
 */
export async function writePostViews(batch: CountBatch<View>, now: Date): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  await db.$transaction(async (tx) => {
    const posts = batch.map(({ item, count }) => ({ id: item.postId, siteId: item.siteId, count })).sort(byId);
    for (const post of posts) await tx.$executeRaw`UPDATE "BlogPost" SET "views" = "views" + ${post.count} WHERE "id" = ${post.id}`;
    const listings = await tx.content.findMany({
      where: { network: env.NETWORK_MODE, OR: posts.map((p) => ({ siteId: p.siteId, externalId: postListingId(p.id) })) },
      select: { id: true, siteId: true, externalId: true, title: true, url: true, recipientWallet: true, site: { select: { domain: true } } },
    });
    if (listings.length === 0) return;
    const countOf = new Map(posts.map((p) => [`${p.siteId} ${postListingId(p.id)}`, p.count]));
    const viewed = listings.map((l) => ({ ...l, count: countOf.get(`${l.siteId} ${l.externalId}`) ?? 0 })).filter((l) => l.count > 0).sort(byId);
    for (const l of viewed) {
      await tx.content.update({ where: { id: l.id }, data: { views: { increment: l.count }, trendScore: { increment: trendIncrement({ views: l.count }, now) } } });
    }
    await bumpDailyMetric(viewed.flatMap((l) => [{ siteId: l.siteId, day, views: l.count }, { siteId: l.siteId, contentId: l.id, day, views: l.count }]), tx);
    for (const l of viewed) {
      await recordActivity(
        { type: "view", websiteId: l.siteId, actor: "human", contentId: l.id, contentTitle: l.title, contentUrl: l.url, domain: l.site.domain, timestamp: now, recipientWallet: l.recipientWallet },
        tx,
        { times: l.count },
      );
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
