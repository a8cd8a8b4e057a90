import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { usdcNumber } from "@/lib/money";

/**
 * Sums of this network's ledger by kind: the single source for ledger totals and platform stats.
 * Read from the running totals (a handful of rows), never from the ledger itself.
 */
export async function ledgerSums() {
  const network = env.NETWORK_MODE;
  const rows = await db.ledgerTotal.findMany({ where: { network } });
  const groups = rows.map((r) => ({
    type: r.type,
    subkind: r.subkind === "" ? null : r.subkind,
    _count: { _all: r.count },
    _sum: { amountAtomic: r.amountAtomic, protocolFeeAtomic: r.protocolFeeAtomic },
  }));
  const count = (type: string, subkinds?: (string | null)[]) =>
    groups.filter((g) => g.type === type && (!subkinds || subkinds.includes(g.subkind))).reduce((a, g) => a + g._count._all, 0);
  const amount = (type: string, subkinds?: (string | null)[]) =>
    groups.filter((g) => g.type === type && (!subkinds || subkinds.includes(g.subkind))).reduce((a, g) => a + (g._sum.amountAtomic ?? 0n), 0n);
  return {
    views: count("view"),
    unlocks: count("unlock"),
    payments: count("payment"),
    ratings: count("rating"),
    // Each tip writes one settled or held row when it is paid; its later released row (amount 0) and
    // a refund's negative row are not tips of their own. A tip to a quickshare link is a quickshare row
    // (subkind tip, decisions.md #2) but a tip all the same.
    tips: count("tip", ["settled", "held"]) + count("quickshare", ["tip"]),
    quickshareViews: count("quickshare", ["view"]),
    quickshareUnlocks: count("quickshare", ["unlock"]),
    total: groups.reduce((a, g) => a + g._count._all, 0),
    paymentRevenueAtomic: amount("payment"),
    tipRevenueAtomic: amount("tip") + amount("quickshare", ["tip"]),
    quickshareRevenueAtomic: amount("quickshare", ["unlock"]),
    protocolFeesAtomic: groups.reduce((a, g) => a + (g._sum.protocolFeeAtomic ?? 0n), 0n),
  };
}

/** The `totals` object of GET /hub/ledger: global counts, never filtered. */
export async function ledgerTotals() {
  const s = await ledgerSums();
  return {
    views: s.views,
    unlocks: s.unlocks,
    payments: s.payments,
    ratings: s.ratings,
    tips: s.tips,
    quickshareViews: s.quickshareViews,
    quickshareUnlocks: s.quickshareUnlocks,
    quickshareRevenue: usdcNumber(s.quickshareRevenueAtomic),
    total: s.total,
  };
}
