import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { POST_LISTING_PREFIX, postListingId } from "@/lib/explore/post-listing-id";
import { usdcNumber } from "@/lib/money";
import { DAY_MS, dayOf, type DayRange } from "./day-range";
import { VERIFIED_PAYMENT_STATES } from "@/lib/x402/constants";

/** A payment counts once the hub verified it: locked against a deposit, settling or settled. */

export type SeriesKind = "post" | "share";
export type SeriesDay = { day: string; views: number; unlocks: number; revenue: number; net: number };
export type ResourceSeries = { totals: Omit<SeriesDay, "day">; daily: SeriesDay[] };

type Tally = { views: number; unlocks: number; gross: bigint; net: bigint };
type Counted = { id: string; at: Date | string; views?: number; unlocks?: number; gross?: bigint; fee?: bigint };

/**
 * The daily numbers of hosted posts or shares over a range of UTC days (gaps filled with zeros), read
 * from what recorded them, keyed by the post's or share's id:
 * - a post's views are its explore listing's daily metric (written with the ledger's view rows,
 *   lib/blog/post-views.ts; a post counts views while it is listed), its unlocks and revenue its
 *   verified payments (every rail; an invite-only post's too);
 * - a share's views and unlocks are its events (lib/quickshare/share-views.ts, grant-access.ts), a free
 *   grant an unlock without revenue.
 * `revenue` is what readers paid, `net` what the creator keeps after the hub's fee.
 */
export async function resourceSeries({ kind, ids, range }: { kind: SeriesKind; ids: string[]; range: DayRange }): Promise<Map<string, ResourceSeries>> {
  const counted = ids.length === 0 ? [] : kind === "post" ? await postCounts(ids, range) : await shareCounts(ids, range);
  const days: string[] = [];
  for (let t = range.start.getTime(); t < range.end.getTime(); t += DAY_MS) days.push(dayOf(new Date(t)));
  const tallies = new Map(ids.map((id) => [id, new Map(days.map((d) => [d, { views: 0, unlocks: 0, gross: 0n, net: 0n } as Tally]))]));
  for (const c of counted) {
    const t = tallies.get(c.id)?.get(typeof c.at === "string" ? c.at : dayOf(c.at));
    if (!t) continue;
    t.views += c.views ?? 0;
    t.unlocks += c.unlocks ?? 0;
    t.gross += c.gross ?? 0n;
    t.net += (c.gross ?? 0n) - (c.fee ?? 0n);
  }
  return new Map(
    [...tallies].map(([id, byDay]) => {
      const all = [...byDay.values()];
      const sum = (k: "views" | "unlocks") => all.reduce((a, t) => a + t[k], 0);
      return [id, {
        totals: { views: sum("views"), unlocks: sum("unlocks"), revenue: usdcNumber(all.reduce((a, t) => a + t.gross, 0n)), net: usdcNumber(all.reduce((a, t) => a + t.net, 0n)) },
        daily: [...byDay].map(([day, t]) => ({ day, views: t.views, unlocks: t.unlocks, revenue: usdcNumber(t.gross), net: usdcNumber(t.net) })),
      }];
    }),
  );
}

async function postCounts(ids: string[], range: DayRange): Promise<Counted[]> {
  const network = env.NETWORK_MODE;
  const [listings, payments] = await Promise.all([
    db.content.findMany({ where: { network, externalId: { in: ids.map(postListingId) } }, select: { id: true, externalId: true } }),
    db.payment.findMany({
      where: { network, resourceType: "blogpost", resourceId: { in: ids }, status: { in: VERIFIED_PAYMENT_STATES }, createdAt: { gte: range.start, lt: range.end } },
      select: { resourceId: true, amountAtomic: true, feeAtomic: true, createdAt: true },
    }),
  ]);
  const postOf = new Map(listings.map((l) => [l.id, l.externalId.slice(POST_LISTING_PREFIX.length)]));
  const metrics = listings.length
    ? await db.dailyMetric.findMany({
        where: { network, contentId: { in: [...postOf.keys()] }, day: { gte: range.from, lte: range.to } },
        select: { contentId: true, day: true, views: true },
      })
    : [];
  return [
    ...metrics.map((m) => ({ id: postOf.get(m.contentId)!, at: m.day, views: m.views })),
    ...payments.map((p) => ({ id: p.resourceId, at: p.createdAt, unlocks: 1, gross: p.amountAtomic, fee: p.feeAtomic })),
  ];
}

async function shareCounts(ids: string[], range: DayRange): Promise<Counted[]> {
  const events = await db.quickshareEvent.findMany({
    where: { shareId: { in: ids }, createdAt: { gte: range.start, lt: range.end } },
    select: { shareId: true, kind: true, amountAtomic: true, feeAtomic: true, createdAt: true },
  });
  return events.map((e) =>
    e.kind === "view"
      ? { id: e.shareId, at: e.createdAt, views: 1 }
      : { id: e.shareId, at: e.createdAt, unlocks: 1, gross: e.amountAtomic, fee: e.feeAtomic ?? 0n },
  );
}
