import "server-only";
import { cuid } from "@/lib/crypto/cuid";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { executeInOrder, type OrderedStatement } from "@/lib/db-one-trip";
import { Prisma, type Payment, type Receipt } from "@/lib/generated/sqlite/client";
import { dailyMetricStatement } from "@/lib/ledger/bump-daily-metric";
import { ledgerRowInOrder } from "@/lib/ledger/record-activity";
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
  { payment, resource, actor, onRecorded, first = [] }: {
    payment: Payment;
    resource: PaidResource;
    actor?: string | null;
    onRecorded?: OnRecorded;
    /**
     * Statements the payment itself needs ahead of these records, run in the same batch (the Gateway
     * rail's payer lock, Payment row and deposit check): one round trip for the whole sale on PostgreSQL.
     */
    first?: OrderedStatement[];
  },
): Promise<Receipt> {
  const rail = payment.rail as Rail;
  const revenue = payment.amountAtomic - payment.feeAtomic;
  // One place counts a sale toward its explore item, whatever was sold: the item itself, or its listing.
  const contentId = resource.contentId ?? (await listingId(tx, resource.listing));
  const receipt = receiptRow({
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
  // Every row this sale writes goes in one ordered batch (on PostgreSQL one round trip, lib/db-one-trip.ts):
  // first the new rows, which no other writer waits on (the receipt, the ledger's row), then the rows
  // every sale of this item contends for (PostgreSQL row locks: its counters, its daily metrics, the
  // ledger's totals), in the one lock order (docs/decisions.md), so a sale holds them the least.
  const statements: OrderedStatement[] = [...first, receiptStatement(receipt)];
  let ledgerTotals: OrderedStatement | null = null;
  if (resource.ledger !== false) {
    const ledgerRow = await ledgerRowInOrder(
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
      tx, // payment:<id> names the payment this transaction created: the row is new
    );
    statements.push(ledgerRow.insert);
    ledgerTotals = ledgerRow.totals;
  }
  if (contentId) {
    // Raw (a Prisma update costs about three times as much CPU); updatedAt moves as Prisma's @updatedAt
    // would, so the score refresh sees the changed figures. As Prisma's update would, a payment for
    // content that does not exist is not recorded (oneRow fails the transaction).
    statements.push({
      sql: Prisma.sql`UPDATE "Content" SET "unlocks" = "unlocks" + 1, "revenueAtomic" = "revenueAtomic" + ${revenue}, "updatedAt" = ${new Date()} WHERE "id" = ${contentId}`,
      oneRow: `recordPaidUnlock: no content ${contentId} to count the payment toward`,
    });
  }
  if (resource.siteId) {
    const delta = { siteId: resource.siteId, unlocks: 1, payments: 1, revenueAtomic: revenue };
    const metrics = dailyMetricStatement([delta, ...(contentId ? [{ ...delta, contentId }] : [])]);
    if (metrics) statements.push({ sql: metrics });
  }
  if (ledgerTotals) statements.push(ledgerTotals);
  await executeInOrder(tx, statements);
  if (onRecorded) {
    await onRecorded(tx, { id: payment.id, payer: payment.payer as `0x${string}`, amount: payment.amountAtomic, rail, resource });
  }
  return receipt;
}

/**
 * The Receipt row, as Prisma would return it (id a cuid as the schema's default, createdAt now), and its
 * one raw statement: on the paid path a Prisma `create` costs several times the insert's own work.
 */
function receiptRow(data: Omit<Receipt, "id" | "createdAt">): Receipt {
  return { id: cuid(), ...data, createdAt: new Date() };
}

function receiptStatement(r: Receipt): OrderedStatement {
  return {
    sql: Prisma.sql`INSERT INTO "Receipt" ("id", "paymentId", "network", "paymentProvider", "verified", "contentId", "recipient", "amountAtomic",
    "revenueAtomic", "protocolFeeAtomic", "currency", "payer", "txHash", "resourceUrl", "createdAt")
    VALUES (${r.id}, ${r.paymentId}, ${r.network}, ${r.paymentProvider}, ${r.verified}, ${r.contentId}, ${r.recipient}, ${r.amountAtomic},
    ${r.revenueAtomic}, ${r.protocolFeeAtomic}, ${r.currency}, ${r.payer}, ${r.txHash}, ${r.resourceUrl}, ${r.createdAt})`,
  };
}

async function listingId(tx: Tx, listing: PaidResource["listing"]): Promise<string | null> {
  if (!listing) return null;
  const row = await tx.content.findUnique({ where: { network_siteId_externalId: { network: env.NETWORK_MODE, ...listing } }, select: { id: true } });
  return row?.id ?? null;
}
