import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { VERIFIED_PAYMENT_STATES } from "@/lib/x402/constants";

export type SiteSale = { id: string; createdAt: string; url: string | null; payer: string; amount: string; fee: string; rail: string; status: string; txHash: string | null };

/**
 * A site's latest sales on this network, whichever way they came (the hub's /hub/pay, the widget's
 * paywall, or the site's own server through the facilitator): the same Payment rows the ledger shows.
 */
export async function listSiteSales({ siteId, limit = 10 }: { siteId: string; limit?: number }): Promise<SiteSale[]> {
  const rows = await db.payment.findMany({
    where: { siteId, network: env.NETWORK_MODE, status: { in: VERIFIED_PAYMENT_STATES } },
    include: { receipt: { select: { resourceUrl: true, txHash: true } } },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  return rows.map((p) => ({
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    url: p.receipt?.resourceUrl ?? null,
    payer: p.payer,
    amount: formatUsdc(p.amountAtomic),
    fee: formatUsdc(p.feeAtomic),
    rail: p.rail,
    status: p.status,
    txHash: p.receipt?.txHash ?? p.txHash,
  }));
}
