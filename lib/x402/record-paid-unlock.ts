import "server-only";
import { cuid } from "@/lib/crypto/cuid";
import { db, type DbOrTx, type Tx } from "@/lib/db";
import { executeAtomically, executeInOrder, type OrderedStatement } from "@/lib/db-one-trip";
import { env } from "@/lib/env";
import { Prisma, type Payment, type Receipt } from "@/lib/generated/sqlite/client";
import { dailyMetricStatement } from "@/lib/ledger/bump-daily-metric";
import { ledgerRowInOrder } from "@/lib/ledger/record-activity";
import { WebhookEndpointsAppeared } from "@/lib/webhooks/enqueue-webhooks";
import { PAYMENT_PROVIDER } from "./constants";
import type { OnRecorded, PaidResource, Rail } from "./types";

/**
 * Everything an accepted payment writes besides its Payment row, so it exists exactly when the payment
 * does: the receipt, the content's unlock and revenue counters, the daily metrics (content and site
 * rows), the public ledger's payment row (with the protocol fee) and its webhook deliveries, and the
 * caller's own `onRecorded` writes (an entitlement, a quickshare event, …).
 *
 * In the caller's transaction `tx`; or, with `tx` null and no `onRecorded`, as one atomic batch of its
 * own with `first` (executeAtomically): on PostgreSQL the whole sale is then one statement, without
 * BEGIN and COMMIT, and while no webhook endpoint is enabled anywhere without the endpoints' read
 * either (`webhookTargetsOrGuard`; when its guard finds one, the batch has rolled back whole and is
 * planned again with the read).
 */
export async function recordPaidUnlock(
  tx: Tx | null,
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
  const sale = { payment, resource, actor };
  if (!tx) {
    if (onRecorded) throw new Error("recordPaidUnlock: onRecorded writes need the caller's transaction");
    const alone = async (guarded: boolean) => {
      const { receipt, statements } = await paidUnlockStatements(db, sale, { guarded });
      await executeAtomically([...first, ...statements]);
      return receipt;
    };
    try {
      return await alone(true);
    } catch (err) {
      if (err instanceof WebhookEndpointsAppeared) return await alone(false);
      throw err;
    }
  }
  const { receipt, statements } = await paidUnlockStatements(tx, sale, { guarded: false });
  await executeInOrder(tx, [...first, ...statements]);
  if (onRecorded) {
    await onRecorded(tx, { id: payment.id, payer: payment.payer as `0x${string}`, amount: payment.amountAtomic, rail: payment.rail as Rail, resource });
  }
  return receipt;
}

/** The receipt a sale writes, and every statement that writes it and its records, in the one lock order. */
async function paidUnlockStatements(
  client: DbOrTx,
  { payment, resource, actor }: { payment: Payment; resource: PaidResource; actor?: string | null },
  { guarded }: { guarded: boolean },
): Promise<{ receipt: Receipt; statements: OrderedStatement[] }> {
  const rail = payment.rail as Rail;
  const revenue = payment.amountAtomic - payment.feeAtomic;
  // One place counts a sale toward its explore item, whatever was sold: the item itself, or its listing.
  const contentId = resource.contentId ?? (await listingId(client, resource.listing));
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
  // first the new rows, which no other writer waits on (the receipt, the ledger's row and its webhook
  // deliveries), then the rows every sale of this item contends for (PostgreSQL row locks: its counters,
  // its daily metrics, the ledger's totals), in the one lock order (docs/decisions.md), so a sale holds them the least.
  const statements: OrderedStatement[] = [receiptStatement(receipt)];
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
      client, // payment:<id> names the payment this batch creates: the row is new
      { guarded },
    );
    statements.push(...ledgerRow.inserts);
    ledgerTotals = ledgerRow.totals;
  }
  if (contentId) {
    // Raw (a Prisma update costs about three times as much CPU); updatedAt moves as Prisma's @updatedAt
    // would, so the score refresh sees the changed figures. As Prisma's update would, a payment for
    // content that does not exist is not recorded (oneRow fails the batch).
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
  return { receipt, statements };
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

async function listingId(client: DbOrTx, listing: PaidResource["listing"]): Promise<string | null> {
  if (!listing) return null;
  const row = await client.content.findUnique({ where: { network_siteId_externalId: { network: env.NETWORK_MODE, ...listing } }, select: { id: true } });
  return row?.id ?? null;
}
