import "server-only";
import { db } from "@/lib/db";
import { postListingId } from "@/lib/explore/post-listing-id";
import { trendIncrement } from "@/lib/explore/trend-score";
import { lifecycle } from "@/lib/lifecycle/lifecycle";
import { logger } from "@/lib/log/logger";
import { processState } from "@/lib/process-state";

/** How long a reader's page view waits to be written with the others (env-free: a counter, not money). */
export const VIEW_FLUSH_MS = 1_000;

type State = { pending: Map<string, { siteId: string; views: number }>; timer: ReturnType<typeof setTimeout> | null; drainHooked: boolean };
const state = processState("post-views", (): State => ({ pending: new Map(), timer: null, drainHooked: false }));

/**
 * Counts one reader's view of a blog post (the post page; the owner's and admins' own views are not
 * counted by the caller). Views are added up in memory and written together at most VIEW_FLUSH_MS
 * later (one transaction per flush, not two UPDATEs per page view), and once more when the instance
 * drains; a crash loses at most that second's views. The post's `views` move (not its updatedAt: a
 * view is not an edit), and its explore listing's views and trend score, whose updatedAt moves with
 * them as a widget's view moves an external item's, so reputation scores and site sums see the views
 * at their next refresh.
 */
export function countPostView({ siteId, postId }: { siteId: string; postId: string }): void {
  const s = state();
  const row = s.pending.get(postId);
  if (row) row.views++;
  else s.pending.set(postId, { siteId, views: 1 });
  if (!s.drainHooked) {
    s.drainHooked = true;
    lifecycle().onDrain(() => flushPostViews());
  }
  schedule(s);
}

function schedule(s: State): void {
  if (s.timer) return;
  s.timer = setTimeout(() => {
    s.timer = null;
    flushPostViews().catch((err) => logger().error({ err }, "post views: flush failed; kept for the next one"));
  }, VIEW_FLUSH_MS);
  s.timer.unref?.();
}

/** Writes the views counted so far. A failed write puts them back (added to any counted since) for the next flush. */
export async function flushPostViews(now = new Date()): Promise<void> {
  const s = state();
  const batch = s.pending;
  if (batch.size === 0) return;
  s.pending = new Map();
  try {
    await db.$transaction(
      [...batch].flatMap(([postId, { siteId, views }]) => [
        // Raw: a view is not an edit, so the post's updatedAt (the editor shows it) stays.
        db.$executeRaw`UPDATE "BlogPost" SET "views" = "views" + ${views} WHERE "id" = ${postId}`,
        db.content.updateMany({ where: { siteId, externalId: postListingId(postId) }, data: { views: { increment: views }, trendScore: { increment: trendIncrement({ views }, now) } } }),
      ]),
    );
  } catch (err) {
    for (const [postId, { siteId, views }] of batch) {
      const row = s.pending.get(postId);
      if (row) row.views += views;
      else s.pending.set(postId, { siteId, views });
    }
    schedule(s);
    throw err;
  }
}
