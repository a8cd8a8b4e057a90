import "server-only";
import { getAddress } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { usdcNumber } from "@/lib/money";
import type { dashboardResponse } from "@/lib/schemas/quickshare";
import { shareStatus } from "./share-status";

type Dashboard = z.infer<typeof dashboardResponse>;

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * GET /quickshare/dashboard?from=&to=: the owner's analytics — lifetime summary, the range's
 * totals and daily series (UTC days, gaps filled with zeros), a per-share breakdown and the
 * 20 latest events. Revenue is gross USDC paid for unlocks.
 */
export async function shareDashboard({ owner, from, to, now = new Date() }: { owner: string; from?: string; to?: string; now?: Date }): Promise<Dashboard> {
  const toDay = to ?? dayOf(now);
  const fromDay = from ?? dayOf(new Date(Date.parse(toDay) - 29 * DAY_MS));
  const start = Date.parse(`${fromDay}T00:00:00Z`);
  const end = Date.parse(`${toDay}T00:00:00Z`) + DAY_MS;
  if (end <= start) throw new ApiError("invalid-request", "from: must not be after to");
  if ((end - start) / DAY_MS > MAX_RANGE_DAYS) throw new ApiError("invalid-request", `to: the range may span at most ${MAX_RANGE_DAYS} days`);

  const shares = await db.quickshare.findMany({
    where: { ownerWallet: getAddress(owner), network: env.NETWORK_MODE },
    select: { id: true, slug: true, title: true, status: true, expiresAt: true, viewCount: true, unlockCount: true, revenueAtomic: true },
  });
  const ids = shares.map((s) => s.id);
  const [events, recent] = ids.length
    ? await Promise.all([
        db.quickshareEvent.findMany({
          where: { shareId: { in: ids }, createdAt: { gte: new Date(start), lt: new Date(end) } },
          select: { shareId: true, kind: true, amountAtomic: true, createdAt: true },
        }),
        db.quickshareEvent.findMany({ where: { shareId: { in: ids } }, orderBy: { createdAt: "desc" }, take: 20 }),
      ])
    : [[], []];

  const daily = new Map<string, { views: number; unlocks: number; revenue: bigint }>();
  for (let t = start; t < end; t += DAY_MS) daily.set(dayOf(new Date(t)), { views: 0, unlocks: 0, revenue: 0n });
  const perShare = new Map<string, { views: number; unlocks: number; revenue: bigint }>();
  for (const e of events) {
    const d = daily.get(dayOf(e.createdAt))!;
    const s = perShare.get(e.shareId) ?? { views: 0, unlocks: 0, revenue: 0n };
    perShare.set(e.shareId, s);
    if (e.kind === "view") { d.views++; s.views++; } else { d.unlocks++; s.unlocks++; d.revenue += e.amountAtomic; s.revenue += e.amountAtomic; }
  }
  const sum = (k: "views" | "unlocks") => [...daily.values()].reduce((a, d) => a + d[k], 0);
  const bySlug = new Map(shares.map((s) => [s.id, s]));
  return {
    success: true,
    range: { from: fromDay, to: toDay },
    lifetime: {
      shares: shares.length,
      activeShares: shares.filter((s) => shareStatus(s, now) === "active").length,
      views: shares.reduce((a, s) => a + s.viewCount, 0),
      unlocks: shares.reduce((a, s) => a + s.unlockCount, 0),
      revenue: usdcNumber(shares.reduce((a, s) => a + s.revenueAtomic, 0n)),
    },
    inRange: { views: sum("views"), unlocks: sum("unlocks"), revenue: usdcNumber([...daily.values()].reduce((a, d) => a + d.revenue, 0n)) },
    daily: [...daily.entries()].map(([day, d]) => ({ day, views: d.views, unlocks: d.unlocks, revenue: usdcNumber(d.revenue) })),
    shares: shares.map((s) => {
      const r = perShare.get(s.id) ?? { views: 0, unlocks: 0, revenue: 0n };
      return {
        slug: s.slug, title: s.title, status: shareStatus(s, now), views: s.viewCount, unlocks: s.unlockCount, revenue: usdcNumber(s.revenueAtomic),
        rangeViews: r.views, rangeUnlocks: r.unlocks, rangeRevenue: usdcNumber(r.revenue),
      };
    }),
    recent: recent.map((e) => ({
      kind: e.kind as "view" | "unlock", slug: bySlug.get(e.shareId)!.slug, title: bySlug.get(e.shareId)!.title,
      wallet: e.wallet, amount: usdcNumber(e.amountAtomic), txHash: e.txHash, at: e.createdAt.toISOString(),
    })),
  };
}
