import "server-only";
import { contentCount } from "@/lib/counters/content-count";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { usdcNumber } from "@/lib/money";
import { ledgerSums } from "./ledger-totals";

/**
 * GET /hub/stats. Activity figures come from the same ledger sums as the ledger's totals, so the two
 * always agree (both read maintained counters: LedgerTotal and ContentCount, never the rows): unlocks = hub-verified paid unlocks (payment rows) + unlocks reported by site widgets
 * (unlock rows); revenue = paid unlocks + tips (net of refunds) + quickshare unlocks.
 */
export async function platformStats() {
  const network = env.NETWORK_MODE;
  const liveSite = { verified: true, removedAt: null };
  const [s, sites, content, creators] = await Promise.all([
    ledgerSums(),
    db.site.count({ where: liveSite }),
    contentCount({ network, visible: false }),
    db.site.findMany({ where: liveSite, distinct: ["ownerWallet"], select: { ownerWallet: true } }),
  ]);
  return {
    success: true as const,
    stats: {
      creators: creators.length,
      sites,
      content,
      views: s.views,
      unlocks: s.unlocks + s.payments,
      revenue: usdcNumber(s.paymentRevenueAtomic + s.tipRevenueAtomic + s.quickshareRevenueAtomic),
      protocolFees: usdcNumber(s.protocolFeesAtomic),
      tips: s.tips,
      tipRevenue: usdcNumber(s.tipRevenueAtomic),
      quickshareUnlocks: s.quickshareUnlocks,
      quickshareViews: s.quickshareViews,
      quickshareRevenue: usdcNumber(s.quickshareRevenueAtomic),
    },
  };
}
