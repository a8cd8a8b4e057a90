import "server-only";
import { getAddress } from "viem";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { moneyEvent } from "@/lib/log/money-event";
import { splitFee, usdcNumber } from "@/lib/money";
import type { PaymentCredentials } from "@/lib/x402/payment-credentials";
import type { RecordedPayment } from "@/lib/x402/types";
import { verifyAndRecordPayment } from "@/lib/x402/verify-and-record-payment";
import { RESOLVED_FEE_BPS } from "./fees";
import { tipResource, type TipInput } from "./tip-resource";
import { tipView } from "./tip-view";
import { JsonAnswer } from "@/lib/http/plain-answer";

export type VerifyTipInput = TipInput & {
  paymentRail?: "transfer" | "gateway";
  /**
   * The tip's x402 credentials, parsed once at the edge from the body's fields (paymentSignature, or
   * txHash with txOwner) completed by the standard headers.
   */
  credentials: PaymentCredentials;
};

/**
 * POST /hub/tips/verify — verifies the tip's payment on either rail with lib/x402 (a Payment-Signature
 * authorization, or a USDC transfer to payTo proven by x-svc-tx-owner) and records it once: the
 * payment, its receipt, a ledger tip row (subkind settled) and a settled Tip stamped with the 1% fee.
 * Body fields and the standard x402 headers are both accepted. A replay returns the first result.
 */
export async function verifyTip(input: VerifyTipInput) {
  const terms = await tipResource(input);
  const outcome = await verifyAndRecordPayment({
    resource: terms.resource,
    credentials: input.credentials,
    actor: null,
    onRecorded: (tx, payment) => recordSettledTip(tx, payment, terms),
  });
  const paymentId = outcome.receipt.paymentId!;
  const tip = await db.tip.findFirstOrThrow({ where: { network: env.NETWORK_MODE, paymentId } });
  if (!outcome.replayed) moneyEvent({ event: "tip.settled", tipId: tip.id, domain: tip.domain, rail: tip.rail, paymentId });
  return new JsonAnswer(
    {
      success: true as const,
      status: "settled" as const,
      tip: tipView(tip),
      payment: outcome.receipt,
      payee: terms.payee,
      payTo: terms.payTo,
      feeBps: terms.feeBps,
      protocolFee: usdcNumber(tip.feeAtomic ?? 0n),
      feeSettlement: terms.feeSettlement,
      replayed: outcome.replayed,
    },
    outcome.headers,
  );
}

async function recordSettledTip(tx: Tx, payment: RecordedPayment, terms: Awaited<ReturnType<typeof tipResource>>) {
  const stored = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, select: { txHash: true, payTo: true } });
  await tx.tip.create({
    data: {
      network: env.NETWORK_MODE,
      status: "settled",
      contentUrl: terms.resource.url,
      domain: terms.domain,
      siteId: terms.siteId,
      title: terms.title,
      amountAtomic: payment.amount,
      feeBps: RESOLVED_FEE_BPS,
      feeAtomic: splitFee(payment.amount, RESOLVED_FEE_BPS).fee,
      payer: getAddress(payment.payer),
      recipient: terms.payee,
      payTo: stored.payTo,
      // The rail that paid: a plain EIP-3009 authorization is settled by the relayer at once (its tx known).
      rail: payment.rail,
      txHash: payment.rail === "gateway" ? null : stored.txHash,
      paymentId: payment.id,
    },
  });
}
