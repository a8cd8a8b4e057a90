import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { usdcNumber } from "@/lib/money";
import type { statsResponse } from "@/lib/schemas/quickshare";

const HOUR_MS = 3_600_000;

/** 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 → 0x7099…79C8 */
export const truncateWallet = (w: string | null) => (w ? `${w.slice(0, 6)}…${w.slice(-4)}` : null);

/**
 * GET /quickshare/stats: public aggregates of this hub's shares — lifetime, 24 h and 7 d totals and
 * the 20 latest events with truncated wallets. No titles, slugs or full wallets, ever.
 */
export async function publicShareStats({ now = new Date() }: { now?: Date } = {}): Promise<z.infer<typeof statsResponse>> {
  const network = env.NETWORK_MODE;
  const window = async (since?: Date) => {
    const where = { network, ...(since && { createdAt: { gte: since } }) };
    const [views, unlocks] = await Promise.all([
      db.quickshareEvent.count({ where: { ...where, kind: "view" } }),
      db.quickshareEvent.aggregate({ where: { ...where, kind: "unlock" }, _count: { _all: true }, _sum: { amountAtomic: true } }),
    ]);
    return { views, unlocks: unlocks._count._all, revenue: usdcNumber(unlocks._sum.amountAtomic ?? 0n) };
  };
  const [lifetime, last24h, last7d, shares, activity] = await Promise.all([
    window(),
    window(new Date(now.getTime() - 24 * HOUR_MS)),
    window(new Date(now.getTime() - 7 * 24 * HOUR_MS)),
    db.quickshare.count({ where: { network, status: { not: "draft" } } }),
    db.quickshareEvent.findMany({ where: { network }, orderBy: { createdAt: "desc" }, take: 20, select: { kind: true, wallet: true, amountAtomic: true, createdAt: true } }),
  ]);
  return {
    success: true,
    lifetime: { ...lifetime, shares },
    last24h,
    last7d,
    activity: activity.map((e) => ({ kind: e.kind as "view" | "unlock", wallet: truncateWallet(e.wallet), amount: usdcNumber(e.amountAtomic), at: e.createdAt.toISOString() })),
  };
}
