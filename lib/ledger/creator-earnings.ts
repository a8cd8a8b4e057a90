import "server-only";
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { usdcNumber } from "@/lib/money";

const VERIFIED = ["locked", "settling", "settled"];
const SOLD = ["content", "blogpost", "quickshare", "pass"];
const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export type Earning = {
  kind: "sale" | "tip" | "held-tip";
  /** sale: content | blogpost | quickshare; tips: the tipped domain. */
  what: string;
  at: string;
  title: string;
  /** The item's page (a share's is its dashboard page). */
  url: string | null;
  amount: number;
  /** What reaches the creator: the amount less the hub's fee (a held tip's fee is taken on claim). */
  net: number;
  payer: string;
  status: string;
  receiptUrl: string | null;
};

/**
 * Everything a creator earned on this hub (the dashboard's overview): sales of every kind of resource
 * (hub items and own-site items, hosted blog posts, shares) and tips paid to them, plus tips held for
 * their verified domains that they can claim; lifetime totals, a daily series over [from, to] and the
 * latest rows with links to each item. Read from the payments and tips themselves, the same rows the
 * ledger and the receipts were written from.
 */
export async function creatorEarnings({ wallet, from, to, recent = 20 }: { wallet: string; from: string; to: string; recent?: number }) {
  const network = env.NETWORK_MODE;
  const creator = getAddress(wallet);
  const sold = { network, recipient: creator, status: { in: VERIFIED }, resourceType: { in: SOLD } };
  const tipped = { network, recipient: creator, status: { in: ["settled", "released"] } };
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
  const domains = (await db.site.findMany({ where: { ownerWallet: creator, verified: true, removedAt: null }, select: { domain: true } })).map((s) => s.domain);
  const held = { network, status: "held", domain: { in: domains } };

  const [salesSum, tipsSum, heldSum, salesInRange, tipsInRange, lastSales, lastTips, lastHeld] = await Promise.all([
    db.payment.aggregate({ where: sold, _count: { _all: true }, _sum: { amountAtomic: true, feeAtomic: true } }),
    db.tip.aggregate({ where: tipped, _count: { _all: true }, _sum: { amountAtomic: true, feeAtomic: true, refundedAtomic: true } }),
    db.tip.aggregate({ where: held, _count: { _all: true }, _sum: { amountAtomic: true, refundedAtomic: true } }),
    db.payment.findMany({ where: { ...sold, createdAt: { gte: start, lt: end } }, select: { createdAt: true, amountAtomic: true, feeAtomic: true } }),
    db.tip.findMany({ where: { ...tipped, createdAt: { gte: start, lt: end } }, select: { createdAt: true, amountAtomic: true, feeAtomic: true, refundedAtomic: true } }),
    db.payment.findMany({ where: sold, orderBy: { createdAt: "desc" }, take: recent }),
    db.tip.findMany({ where: tipped, orderBy: { createdAt: "desc" }, take: recent }),
    db.tip.findMany({ where: held, orderBy: { createdAt: "desc" }, take: recent }),
  ]);

  const daily = new Map<string, { sales: number; tips: number; revenue: bigint }>();
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) daily.set(dayOf(new Date(t)), { sales: 0, tips: 0, revenue: 0n });
  for (const p of salesInRange) {
    const d = daily.get(dayOf(p.createdAt));
    if (d) { d.sales++; d.revenue += p.amountAtomic - p.feeAtomic; }
  }
  for (const t of tipsInRange) {
    const d = daily.get(dayOf(t.createdAt));
    if (d) { d.tips++; d.revenue += t.amountAtomic - t.refundedAtomic - (t.feeAtomic ?? 0n); }
  }

  const items = [...(await describeSales(lastSales)), ...lastTips.map((t) => tipRow(t, "tip")), ...lastHeld.map((t) => tipRow(t, "held-tip"))]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, recent);

  const salesNet = (salesSum._sum.amountAtomic ?? 0n) - (salesSum._sum.feeAtomic ?? 0n);
  const tipsNet = (tipsSum._sum.amountAtomic ?? 0n) - (tipsSum._sum.refundedAtomic ?? 0n) - (tipsSum._sum.feeAtomic ?? 0n);
  return {
    totals: {
      sales: salesSum._count._all,
      salesRevenue: usdcNumber(salesNet),
      tips: tipsSum._count._all,
      tipRevenue: usdcNumber(tipsNet),
      held: heldSum._count._all,
      heldAmount: usdcNumber((heldSum._sum.amountAtomic ?? 0n) - (heldSum._sum.refundedAtomic ?? 0n)),
      revenue: usdcNumber(salesNet + tipsNet),
    },
    daily: [...daily].map(([day, d]) => ({ day, sales: d.sales, tips: d.tips, revenue: usdcNumber(d.revenue) })),
    items,
    heldDomains: [...new Set(lastHeld.map((t) => t.domain))],
  };
}

type PaymentRow = Awaited<ReturnType<typeof db.payment.findMany>>[number];
type TipRow = Awaited<ReturnType<typeof db.tip.findMany>>[number];

/** Sales with their item's title and link: from the payment's ledger row, or the share itself (shares are private on the ledger). */
async function describeSales(payments: PaymentRow[]): Promise<Earning[]> {
  const [rows, shares] = await Promise.all([
    db.ledgerActivity.findMany({ where: { sourceKey: { in: payments.map((p) => `payment:${p.id}`) } }, select: { paymentId: true, contentTitle: true, contentUrl: true } }),
    db.quickshare.findMany({ where: { id: { in: payments.filter((p) => p.resourceType === "quickshare").map((p) => p.resourceId) } }, select: { id: true, slug: true, title: true } }),
  ]);
  const rowOf = new Map(rows.map((r) => [r.paymentId, r]));
  const shareOf = new Map(shares.map((s) => [s.id, s]));
  return payments.map((p) => {
    const share = shareOf.get(p.resourceId);
    const row = rowOf.get(p.id);
    return {
      kind: "sale", what: p.resourceType, at: p.createdAt.toISOString(),
      title: share?.title || row?.contentTitle || "Untitled",
      url: share ? `/dashboard/shares/${share.slug}` : (row?.contentUrl ?? null),
      amount: usdcNumber(p.amountAtomic), net: usdcNumber(p.amountAtomic - p.feeAtomic), payer: p.payer, status: p.status,
      receiptUrl: `${env.HUB_ORIGIN}/hub/receipts/${p.id}`,
    };
  });
}

function tipRow(t: TipRow, kind: "tip" | "held-tip"): Earning {
  const amount = t.amountAtomic - t.refundedAtomic;
  return {
    kind, what: t.domain, at: t.createdAt.toISOString(), title: t.title || t.contentUrl, url: t.contentUrl,
    amount: usdcNumber(amount), net: usdcNumber(amount - (t.feeAtomic ?? 0n)), payer: t.payer, status: t.status,
    receiptUrl: t.paymentId ? `${env.HUB_ORIGIN}/hub/receipts/${t.paymentId}` : null,
  };
}
