import "server-only";
import { getAddress, isAddressEqual, parseEventLogs, type Address, type TransactionReceipt } from "viem";
import { holdingBoxFactoryAbi } from "@/lib/chain/abis";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { moneyEvent } from "@/lib/log/money-event";
import { recordActivity } from "@/lib/ledger/record-activity";
import { allocateFee } from "./allocate-fee";

/**
 * Marks the tips of a successful HoldingBoxFactory.release as released: recipient, fee bps and each
 * row's share of the fee (summing to the fee on their total, as the contract computes it), the release
 * tx, and one ledger row per tip (amount 0, revenue = net to the creator, protocolFee = the row's fee),
 * so the ledger's tip amounts do not count a held tip twice. Only rows still 'releasing' move.
 */
export async function finalizeRelease(opts: { tipIds: string[]; receipt: TransactionReceipt; factory: Address; box: Address }) {
  const event = parseEventLogs({ abi: holdingBoxFactoryAbi, eventName: "Released", logs: opts.receipt.logs }).find(
    (log) => isAddressEqual(log.address, opts.factory) && isAddressEqual(log.args.box, opts.box),
  );
  if (!event) throw new Error(`release tx ${opts.receipt.transactionHash} has no Released event for ${opts.box}`);
  const creator = getAddress(event.args.creator);
  const feeBps = Number(event.args.feeBps);
  const releaseTx = opts.receipt.transactionHash;
  const now = new Date();

  const rows = await db.tip.findMany({ where: { id: { in: opts.tipIds }, status: "releasing" }, orderBy: { createdAt: "asc" } });
  const fees = allocateFee(rows.map((r) => r.amountAtomic - r.refundedAtomic), feeBps);
  const released: string[] = [];
  await db.$transaction(async (tx) => {
    for (const [i, row] of rows.entries()) {
      const fee = fees[i]!;
      const moved = await tx.tip.updateMany({
        where: { id: row.id, status: "releasing" },
        data: { status: "released", recipient: creator, feeBps, feeAtomic: fee, releaseTx, releasedAt: now },
      });
      if (moved.count !== 1) continue;
      released.push(row.id);
      await recordActivity({
        type: "tip", subkind: "released", status: "released", sourceKey: `tip-released:${row.id}`,
        websiteId: row.siteId, domain: row.domain, contentUrl: row.contentUrl, contentTitle: row.title || null,
        payerWallet: row.payer, recipientWallet: creator, walletAddress: opts.box, actor: creator,
        amountAtomic: 0n, revenueAtomic: row.amountAtomic - row.refundedAtomic - fee, protocolFeeAtomic: fee,
        txHash: releaseTx, paymentProvider: row.rail, chainId: NETWORKS[env.NETWORK_MODE].chainId, timestamp: now,
      }, tx);
    }
  });
  for (const tipId of released) moneyEvent({ event: "tip.released", tipId, box: opts.box, creator, releaseTx });
  return {
    creator,
    feeBps,
    releaseTx,
    tipIds: rows.map((r) => r.id),
    creatorAmount: event.args.creatorAmount,
    feeAmount: event.args.feeAmount,
  };
}
