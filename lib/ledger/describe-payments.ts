import "server-only";
import { db } from "@/lib/db";

/** What a payment can have bought: the kinds a creator's earnings, a buyer's purchases and the export list. */
export const SOLD_RESOURCE_TYPES = ["content", "blogpost", "quickshare", "pass"];

export type PaymentItem = {
  /** The item's title: a share's own, else the payment's ledger row's; "Untitled" when neither has one. */
  title: string;
  /** The item's public page from the ledger row (null for a share: its links are its owner's and buyer's to choose). */
  contentUrl: string | null;
  /** The share sold, when the payment was for one (shares are private on the public ledger). */
  share: { slug: string; status: string } | null;
};

/**
 * What each payment bought, by payment id: from the payment's ledger row (payment:<id>), or the share
 * itself. The one place the creator's earnings, the buyer's purchases and the earnings export resolve a
 * payment's item.
 */
export async function describePayments(payments: Array<{ id: string; resourceType: string; resourceId: string }>): Promise<Map<string, PaymentItem>> {
  if (payments.length === 0) return new Map();
  const [rows, shares] = await Promise.all([
    db.ledgerActivity.findMany({ where: { sourceKey: { in: payments.map((p) => `payment:${p.id}`) } }, select: { paymentId: true, contentTitle: true, contentUrl: true } }),
    db.quickshare.findMany({ where: { id: { in: payments.filter((p) => p.resourceType === "quickshare").map((p) => p.resourceId) } }, select: { id: true, slug: true, title: true, status: true } }),
  ]);
  const rowOf = new Map(rows.map((r) => [r.paymentId, r]));
  const shareOf = new Map(shares.map((s) => [s.id, s]));
  return new Map(
    payments.map((p) => {
      const share = p.resourceType === "quickshare" ? shareOf.get(p.resourceId) : undefined;
      const row = rowOf.get(p.id);
      return [p.id, { title: share?.title || row?.contentTitle || "Untitled", contentUrl: share ? null : (row?.contentUrl ?? null), share: share ? { slug: share.slug, status: share.status } : null }];
    }),
  );
}
