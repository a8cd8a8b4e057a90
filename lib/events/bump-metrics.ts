import "server-only";
import type { DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";

export type MetricDelta = { views?: number; unlocks?: number; payments?: number; ratings?: number; revenueAtomic?: bigint };

/** "YYYY-MM-DD" in UTC: DailyMetric.day, compared as text on both databases. */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Adds to the daily counters of a site (contentId "") or of one content item, in one upsert with
 * increments (per-day views, unlocks, payments, ratings and revenue for dashboards and stats).
 * Whatever counts a view, unlock or rating of a content item should also add
 * trendIncrement() to Content.trendScore in the same transaction, or explore's trending misses it.
 */
export async function bumpMetrics(client: DbOrTx, { siteId, contentId = "", delta, at }: { siteId: string; contentId?: string; delta: MetricDelta; at?: Date }) {
  const network = env.NETWORK_MODE;
  const day = utcDay(at);
  const inc = {
    views: { increment: delta.views ?? 0 },
    unlocks: { increment: delta.unlocks ?? 0 },
    payments: { increment: delta.payments ?? 0 },
    ratings: { increment: delta.ratings ?? 0 },
    revenueAtomic: { increment: delta.revenueAtomic ?? 0n },
  };
  await client.dailyMetric.upsert({
    where: { network_siteId_contentId_day: { network, siteId, contentId, day } },
    create: {
      network,
      siteId,
      contentId,
      day,
      views: delta.views ?? 0,
      unlocks: delta.unlocks ?? 0,
      payments: delta.payments ?? 0,
      ratings: delta.ratings ?? 0,
      revenueAtomic: delta.revenueAtomic ?? 0n,
    },
    update: inc,
  });
}
