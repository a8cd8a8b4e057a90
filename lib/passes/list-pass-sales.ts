import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { passSale } from "@/lib/schemas/passes";

export type PassSale = z.input<typeof passSale>;

/** Passes sold on these sites, newest first: buyer, amount, the period each purchase added, receipt. */
export async function listPassSales({ siteIds, limit = 100 }: { siteIds: string[]; limit?: number }): Promise<PassSale[]> {
  if (!siteIds.length) return [];
  const rows = await db.passPurchase.findMany({ where: { network: env.NETWORK_MODE, siteId: { in: siteIds } }, orderBy: { createdAt: "desc" }, take: limit });
  return rows.map((r) => ({
    paymentId: r.paymentId,
    siteId: r.siteId,
    buyer: r.wallet,
    amount: formatUsdc(r.amountAtomic),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    boughtAt: r.createdAt.toISOString(),
    receiptUrl: `${env.HUB_ORIGIN}/hub/receipts/${r.paymentId}`,
  }));
}
