import type { Tip } from "@/lib/generated/sqlite/client";
import { usdcNumber } from "@/lib/money";

/** The public shape of a tip (lib/schemas/tips.ts tipView): amounts as numbers, dates as ISO strings. */
export function tipView(tip: Tip, pendingSettlement = false) {
  const open = tip.status === "held" || tip.status === "releasing";
  return {
    id: tip.id,
    status: tip.status as "held" | "releasing" | "settled" | "released" | "refunded" | "void",
    network: tip.network as "testnet" | "mainnet",
    contentUrl: tip.contentUrl,
    title: tip.title,
    domain: tip.domain,
    amount: usdcNumber(tip.amountAtomic),
    refunded: usdcNumber(tip.refundedAtomic),
    held: open ? usdcNumber(tip.amountAtomic - tip.refundedAtomic) : 0,
    payer: tip.payer as `0x${string}`,
    recipient: tip.recipient as `0x${string}` | null,
    payTo: tip.payTo as `0x${string}`,
    rail: tip.rail as "transfer" | "gateway" | "eip3009",
    txHash: tip.txHash,
    box: tip.boxAddress as `0x${string}` | null,
    feeBps: tip.feeBps,
    protocolFee: tip.feeAtomic === null ? null : usdcNumber(tip.feeAtomic),
    releaseTx: tip.releaseTx,
    refundTx: tip.refundTx,
    pendingSettlement,
    createdAt: tip.createdAt.toISOString(),
    releasedAt: tip.releasedAt?.toISOString() ?? null,
    refundedAt: tip.refundedAt?.toISOString() ?? null,
  };
}
