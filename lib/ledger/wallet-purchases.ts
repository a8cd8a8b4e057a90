import "server-only";
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { usdcNumber } from "@/lib/money";

// A payment counts once the hub verified it: locked against a deposit, settling or settled.
const VERIFIED = ["locked", "settling", "settled"];
const SOLD = ["content", "blogpost", "quickshare", "pass"];

export type Purchase = {
  kind: "bought" | "tipped" | "rated";
  at: string;
  title: string;
  /** Where to read it again (the item's page), or null when it has none any more. */
  url: string | null;
  amount: number | null;
  status: string | null;
  receiptUrl: string | null;
  txHash: string | null;
  /** bought: content | blogpost | quickshare | pass; rated: the stars (1–5). */
  detail: string | null;
};

/**
 * What a wallet bought, tipped and rated on this hub, newest first (a signed-in reader's Purchases
 * page). Titles and links come from what recorded each: the payment's ledger row (a share's own title
 * and link, which the public ledger hides, are shown to its buyer), the tip, the rating's content.
 */
export async function walletPurchases({ wallet, limit = 100 }: { wallet: string; limit?: number }) {
  const network = env.NETWORK_MODE;
  const payer = getAddress(wallet);
  const paid = { network, payer, status: { in: VERIFIED }, resourceType: { in: SOLD } };
  const [payments, tips, ratings, spent, tipSums, ratedCount] = await Promise.all([
    db.payment.findMany({ where: paid, orderBy: { createdAt: "desc" }, take: limit }),
    db.tip.findMany({ where: { network, payer }, orderBy: { createdAt: "desc" }, take: limit }),
    db.rating.findMany({ where: { network, wallet: payer }, orderBy: { createdAt: "desc" }, take: limit, include: { content: { select: { title: true, url: true } } } }),
    db.payment.aggregate({ where: paid, _count: { _all: true }, _sum: { amountAtomic: true } }),
    db.tip.aggregate({ where: { network, payer }, _count: { _all: true }, _sum: { amountAtomic: true, refundedAtomic: true } }),
    db.rating.count({ where: { network, wallet: payer } }),
  ]);
  const [rows, shares] = await Promise.all([
    db.ledgerActivity.findMany({ where: { sourceKey: { in: payments.map((p) => `payment:${p.id}`) } }, select: { paymentId: true, contentTitle: true, contentUrl: true } }),
    db.quickshare.findMany({ where: { id: { in: payments.filter((p) => p.resourceType === "quickshare").map((p) => p.resourceId) } }, select: { id: true, slug: true, title: true, status: true } }),
  ]);
  const rowOf = new Map(rows.map((r) => [r.paymentId, r]));
  const shareOf = new Map(shares.map((s) => [s.id, s]));
  const bought: Purchase[] = payments.map((p) => {
    const share = p.resourceType === "quickshare" ? shareOf.get(p.resourceId) : undefined;
    const row = rowOf.get(p.id);
    return {
      kind: "bought",
      at: p.createdAt.toISOString(),
      title: share?.title || row?.contentTitle || "Untitled",
      url: share ? (share.status === "revoked" ? null : `/qs/${share.slug}`) : (row?.contentUrl ?? null),
      amount: usdcNumber(p.amountAtomic),
      status: p.status,
      receiptUrl: `${env.HUB_ORIGIN}/hub/receipts/${p.id}`,
      txHash: p.txHash,
      detail: p.resourceType,
    };
  });
  const tipped: Purchase[] = tips.map((t) => ({
    kind: "tipped", at: t.createdAt.toISOString(), title: t.title || t.contentUrl, url: t.contentUrl, amount: usdcNumber(t.amountAtomic - t.refundedAtomic),
    status: t.status, receiptUrl: t.paymentId ? `${env.HUB_ORIGIN}/hub/receipts/${t.paymentId}` : null, txHash: t.txHash, detail: t.domain,
  }));
  const rated: Purchase[] = ratings.map((r) => ({
    kind: "rated", at: r.createdAt.toISOString(), title: r.content.title || r.content.url, url: r.content.url, amount: null,
    status: null, receiptUrl: null, txHash: r.txHash, detail: String(r.value / 10),
  }));
  const items = [...bought, ...tipped, ...rated].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
  return {
    items,
    // Over everything the wallet did, not only the rows listed.
    totals: {
      bought: spent._count._all,
      spent: usdcNumber(spent._sum.amountAtomic ?? 0n),
      tipped: tipSums._count._all,
      tips: usdcNumber((tipSums._sum.amountAtomic ?? 0n) - (tipSums._sum.refundedAtomic ?? 0n)),
      rated: ratedCount,
    },
  };
}
