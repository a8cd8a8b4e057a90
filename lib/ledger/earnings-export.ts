import "server-only";
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { EARNINGS_CSV_COLUMNS } from "@/lib/schemas/creator-numbers";
import { dayRange } from "./day-range";
import { VERIFIED_PAYMENT_STATES } from "@/lib/x402/constants";
import { describePayments, SOLD_RESOURCE_TYPES } from "./describe-payments";
import { toCsv } from "./to-csv";

const KIND: Record<string, string> = { content: "sale of an item", blogpost: "sale of a post", quickshare: "sale of a share", pass: "sale of a pass" };
/** Three years of days: an accountant's range, bounded. */
const MAX_EXPORT_DAYS = 1096;

/**
 * GET /hub/earnings.csv: every sale and tip the wallet received in a range of UTC days, oldest first,
 * as CSV (columns EARNINGS_CSV_COLUMNS): the same payments and tips the dashboard's earnings read
 * (lib/ledger/creator-earnings.ts), with payer, amount, the hub's fee, the net, the transaction hash and
 * the receipt's link. Amounts are exact decimals of USDC.
 */
export async function earningsExport({ wallet, from, to }: { wallet: string; from?: string; to?: string }) {
  const range = dayRange({ from, to, maxDays: MAX_EXPORT_DAYS });
  const network = env.NETWORK_MODE;
  const creator = getAddress(wallet);
  const at = { gte: range.start, lt: range.end };
  const [sales, tips] = await Promise.all([
    db.payment.findMany({ where: { network, recipient: creator, status: { in: VERIFIED_PAYMENT_STATES }, resourceType: { in: SOLD_RESOURCE_TYPES }, createdAt: at }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.tip.findMany({ where: { network, recipient: creator, status: { in: ["settled", "released"] }, createdAt: at }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  const items = await describePayments(sales);
  const receipt = (id: string | null) => (id ? `${env.HUB_ORIGIN}/hub/receipts/${id}` : "");
  const rows = [
    ...sales.map((p) => {
      const item = items.get(p.id)!;
      const link = item.share ? `${env.HUB_ORIGIN}/dashboard/shares/${item.share.slug}` : (item.contentUrl ?? "");
      return { at: p.createdAt, cells: [p.createdAt.toISOString(), item.title, link, KIND[p.resourceType] ?? "sale", p.payer, formatUsdc(p.amountAtomic), formatUsdc(p.feeAtomic), formatUsdc(p.amountAtomic - p.feeAtomic), p.txHash ?? "", receipt(p.id)] };
    }),
    ...tips.map((t) => {
      const amount = t.amountAtomic - t.refundedAtomic;
      const fee = t.feeAtomic ?? 0n;
      return { at: t.createdAt, cells: [t.createdAt.toISOString(), t.title || t.contentUrl, t.contentUrl, "tip", t.payer, formatUsdc(amount), formatUsdc(fee), formatUsdc(amount - fee), t.txHash ?? "", receipt(t.paymentId)] };
    }),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    filename: `earnings-${range.from}-to-${range.to}.csv`,
    csv: toCsv(EARNINGS_CSV_COLUMNS, rows.map((r) => r.cells)),
  };
}
