import "server-only";
import { cuid } from "@/lib/crypto/cuid";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { executeInOrder, type OrderedStatement } from "@/lib/db-one-trip";
import { Prisma, type Payment, type Receipt } from "@/lib/generated/sqlite/client";
import { dailyMetricStatement } from "@/lib/ledger/bump-daily-metric";
import { recordActivityFirst } from "@/lib/ledger/record-activity";
import { PAYMENT_PROVIDER } from "./constants";
import type { OnRecorded, PaidResource, Rail } from "./types";

/**
 * Everything an accepted payment writes besides its Payment row, inside the caller's transaction so
 * it exists exactly when the payment does: the receipt, the content's unlock and revenue counters,
 * the daily metrics (content and site rows), the public ledger's payment row (with the protocol fee)
 * and the caller's own `onRecorded` writes (an entitlement, a quickshare event, …).
 */
export async function recordPaidUnlock(
  tx: Tx,
  { payment, resource, actor, onRecorded }: { payment: Payment; resource: PaidResource; actor?: string | null; onRecorded?: OnRecorded },
): Promise<Receipt> {
  const rail = payment.rail as Rail;
  const revenue = payment.amountAtomic - payment.feeAtomic;
  // One place counts a sale toward its explore item, whatever was sold: the item itself, or its listing.
  const contentId = resource.contentId ?? (await listingId(tx, resource.listing));
  const receipt = await insertReceipt(tx, {
    paymentId: payment.id,
    network: env.NETWORK_MODE,
    paymentProvider: PAYMENT_PROVIDER[rail],
    verified: true,
    contentId,
    recipient: payment.recipient,
    amountAtomic: payment.amountAtomic,
    revenueAtomic: revenue,
    protocolFeeAtomic: payment.feeAtomic,
    currency: "USDC",
    payer: payment.payer,
    txHash: payment.txHash,
    resourceUrl: resource.url,
  });
  // The ledger row first: a new row, which no other writer waits on. Then the rows every sale of this
  // item contends for (PostgreSQL row locks: its counters, its daily metrics, the ledger's totals), in
  // the one lock order (docs/decisions.md) and last, in one round trip, so a sale holds them the least.
  const contended: OrderedStatement[] = [];
  let ledgerTotals: Prisma.Sql | null = null;
  if (resource.ledger !== false) {
    ledgerTotals = await recordActivityFirst(
      {
        type: "payment",
        sourceKey: `payment:${payment.id}`,
        websiteId: resource.siteId ?? null,
        actor: actor ?? null,
        contentId,
        contentUrl: resource.url,
        amountAtomic: payment.amountAtomic,
        revenueAtomic: revenue,
        protocolFeeAtomic: payment.feeAtomic,
        txHash: payment.txHash,
        paymentProvider: PAYMENT_PROVIDER[rail],
        receiptUrl: `${env.HUB_ORIGIN}/hub/receipts/${payment.id}`,
        payerWallet: payment.payer,
        recipientWallet: payment.recipient,
        walletAddress: payment.payTo,
        paymentId: payment.id,
        chainId: payment.chainId,
        status: payment.status,
        ...resource.ledger,
      },
      tx,
      { newKey: true }, // payment:<id> names the payment this transaction created
    );
  }
  if (contentId) {
    // Raw (a Prisma update costs about three times as much CPU); updatedAt moves as Prisma's @updatedAt
    // would, so the score refresh sees the changed figures. As Prisma's update would, a payment for
    // content that does not exist is not recorded (oneRow fails the transaction).
    contended.push({
      sql: Prisma.sql`UPDATE "Content" SET "unlocks" = "unlocks" + 1, "revenueAtomic" = "revenueAtomic" + ${revenue}, "updatedAt" = ${new Date()} WHERE "id" = ${contentId}`,
      oneRow: `recordPaidUnlock: no content ${contentId} to count the payment toward`,
    });
  }
  if (resource.siteId) {
    const delta = { siteId: resource.siteId, unlocks: 1, payments: 1, revenueAtomic: revenue };
    const metrics = dailyMetricStatement([delta, ...(contentId ? [{ ...delta, contentId }] : [])]);
    if (metrics) contended.push({ sql: metrics });
  }
  if (ledgerTotals) contended.push({ sql: ledgerTotals });
  await executeInOrder(tx, contended);
  if (onRecorded) {
    await onRecorded(tx, { id: payment.id, payer: payment.payer as `0x${string}`, amount: payment.amountAtomic, rail, resource });
  }
  return receipt;
}

/**
 * The Receipt row in one raw statement, returned as Prisma would return it (id a cuid as the schema's
 * default, createdAt now): on the paid path a Prisma `create` costs several times the insert's own work.
 */
async function insertReceipt(tx: Tx, data: Omit<Receipt, "id" | "createdAt">): Promise<Receipt> {
  const r: Receipt = { id: cuid(), ...data, createdAt: new Date() };
  await tx.$executeRaw`INSERT INTO "Receipt" ("id", "paymentId", "network", "paymentProvider", "verified", "contentId", "recipient", "amountAtomic",
    "revenueAtomic", "protocolFeeAtomic", "currency", "payer", "txHash", "resourceUrl", "createdAt")
    VALUES (${r.id}, ${r.paymentId}, ${r.network}, ${r.paymentProvider}, ${r.verified}, ${r.contentId}, ${r.recipient}, ${r.amountAtomic},
    ${r.revenueAtomic}, ${r.protocolFeeAtomic}, ${r.currency}, ${r.payer}, ${r.txHash}, ${r.resourceUrl}, ${r.createdAt})`;
  return r;
}

async function listingId(tx: Tx, listing: PaidResource["listing"]): Promise<string | null> {
  if (!listing) return null;
  const row = await tx.content.findUnique({ where: { network_siteId_externalId: { network: env.NETWORK_MODE, ...listing } }, select: { id: true } });
  return row?.id ?? null;
}
