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
  // Raw statements: each model query's compilation cost more than the read (issue 38 session 21).
  const [s, [live], content] = await Promise.all([
    ledgerSums(),
    db.$queryRaw<Array<{ sites: number | bigint; creators: number | bigint }>>`SELECT COUNT(*) AS "sites", COUNT(DISTINCT "ownerWallet") AS "creators"
      FROM "Site" WHERE "verified" = TRUE AND "removedAt" IS NULL`,
    contentCount({ network, visible: false }),
  ]);
  return {
    success: true as const,
    stats: {
      creators: Number(live?.creators ?? 0),
      sites: Number(live?.sites ?? 0),
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
