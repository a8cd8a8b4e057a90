import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { canonicalDomain } from "@/lib/chain/predict";
import { usdcNumber } from "@/lib/money";
import { FILTER_TYPES } from "./ledger-filters";

type Group = { type: string; subkind: string | null; count: number; amountAtomic: bigint; protocolFeeAtomic: bigint };

/** The figures of a set of ledger rows grouped by (type, subkind): one rule for the hub's totals and a filter's. */
function sumsOf(groups: Group[]) {
  const pick = (type: string, subkinds?: (string | null)[]) => groups.filter((g) => g.type === type && (!subkinds || subkinds.includes(g.subkind)));
  const count = (type: string, subkinds?: (string | null)[]) => pick(type, subkinds).reduce((a, g) => a + g.count, 0);
  const amount = (type: string, subkinds?: (string | null)[]) => pick(type, subkinds).reduce((a, g) => a + g.amountAtomic, 0n);
  return {
    views: count("view"),
    unlocks: count("unlock"),
    payments: count("payment"),
    ratings: count("rating"),
    // Each tip writes one settled or held row when it is paid; its later released row (amount 0) and
    // a refund's negative row are not tips of their own. A tip to a quickshare link is a quickshare row
    // (subkind tip: shares stay out of the public kinds) but a tip all the same.
    tips: count("tip", ["settled", "held"]) + count("quickshare", ["tip"]),
    quickshareViews: count("quickshare", ["view"]),
    quickshareUnlocks: count("quickshare", ["unlock"]),
    total: groups.reduce((a, g) => a + g.count, 0),
    paymentRevenueAtomic: amount("payment"),
    tipRevenueAtomic: amount("tip") + amount("quickshare", ["tip"]),
    quickshareRevenueAtomic: amount("quickshare", ["unlock"]),
    protocolFeesAtomic: groups.reduce((a, g) => a + g.protocolFeeAtomic, 0n),
  };
}

/**
 * Sums of this network's ledger by kind: the single source for ledger totals and platform stats.
 * Read from the running totals (a handful of rows), never from the ledger itself.
 */
export async function ledgerSums() {
  // Raw: a model findMany's query compilation cost more than reading these few rows (issue 38 session 21).
  const rows = await db.$queryRaw<Array<{ type: string; subkind: string; count: number | bigint; amountAtomic: number | bigint | null; protocolFeeAtomic: number | bigint | null }>>`
    SELECT "type", "subkind", "count", "amountAtomic", "protocolFeeAtomic" FROM "LedgerTotal" WHERE "network" = ${env.NETWORK_MODE}`;
  return sumsOf(rows.map((r) => ({
    type: r.type, subkind: r.subkind === "" ? null : r.subkind, count: Number(r.count),
    amountAtomic: BigInt(r.amountAtomic ?? 0n), protocolFeeAtomic: BigInt(r.protocolFeeAtomic ?? 0n),
  })));
}

function publicTotals(s: ReturnType<typeof sumsOf>) {
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

/** The `totals` object of GET /hub/ledger: global counts, never filtered. */
export async function ledgerTotals() {
  return publicTotals(await ledgerSums());
}

/**
 * The same figures for the rows a filter selects (`filteredTotals` of GET /hub/ledger), so a page
 * that shows a filtered list shows its own totals. Counted over the ledger's (network, type, domain)
 * index: one group per kind of row the filter leaves.
 */
export async function filteredLedgerTotals(filter: { type?: string; domain?: string }) {
  const groups = await db.ledgerActivity.groupBy({
    by: ["type", "subkind"],
    where: {
      network: env.NETWORK_MODE,
      ...(filter.type ? { type: FILTER_TYPES[filter.type] } : {}),
      ...(filter.domain ? { domain: canonicalDomain(filter.domain) } : {}),
    },
    _count: { _all: true },
    _sum: { amountAtomic: true, protocolFeeAtomic: true },
  });
  return publicTotals(sumsOf(groups.map((g) => ({
    type: g.type, subkind: g.subkind ?? null, count: g._count._all,
    amountAtomic: g._sum.amountAtomic ?? 0n, protocolFeeAtomic: g._sum.protocolFeeAtomic ?? 0n,
  }))));
}
