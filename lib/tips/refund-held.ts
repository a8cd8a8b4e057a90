import "server-only";
import { getAddress, isAddressEqual, type Address, type Hex } from "viem";
import { NETWORKS } from "@/lib/chain/networks";
import { canonicalDomain } from "@/lib/chain/predict";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { moneyEvent } from "@/lib/log/money-event";
import { ApiError } from "@/lib/http/errors";
import { recordActivity } from "@/lib/ledger/record-activity";
import { formatUsdc, usdcNumber } from "@/lib/money";
import { awaitBoxCall, submitBoxCall } from "./box-call";
import { holdingBox } from "./holding-box";
import { parseTipAmount } from "./parse-tip-amount";
import { pendingSettlement } from "./pending-settlement";
import { reconcileBox } from "./reconcile-box";
import { parseRefundMessage, refundMessage } from "./refund-message";
import { verifyWalletSignature } from "@/lib/auth/verify-wallet-signature";
import { voidFailedHolds } from "./void-failed-holds";
import { withDomainLock } from "./with-domain-lock";

export type RefundInput = { domain: string; payer: Address; message: string; signature: Hex; amount?: string | number };

/**
 * POST /hub/tips/refund. The payer's EIP-191 signature over the refund control message (domain, payer,
 * amount cap, chain, single-use nonce) authorizes paying their held tips for the domain back, in full
 * or up to the cap, with no fee, in one HoldingBoxFactory.refund. The newest tips are refunded first;
 * a tip covered in part stays held with the rest. Runs under the domain's lock, so it never overlaps
 * a claim's sweep of the same box.
 */
export async function refundHeld(input: RefundInput) {
  let domain: string;
  try {
    domain = canonicalDomain(input.domain);
  } catch {
    throw new ApiError("invalid-request", `domain: "${input.domain}" is not a domain`);
  }
  const payer = getAddress(input.payer);
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const cap = input.amount === undefined ? null : parseTipAmount(input.amount);

  const fields = parseRefundMessage(input.message);
  if (!fields) {
    const example = refundMessage({ domain, payer, amountAtomic: cap, chainId, nonce: "<8-64 chars of A-Z a-z 0-9 _ ->" });
    throw new ApiError("invalid-request", `message: not a refund control message; it must read exactly:\n${example}`);
  }
  if (fields.domain !== domain) throw new ApiError("forbidden", `The signed message names domain ${fields.domain}, not ${domain}`);
  if (!isAddressEqual(fields.payer, payer)) throw new ApiError("forbidden", `The signed message names payer ${fields.payer}, not ${payer}`);
  if (fields.chainId !== chainId) throw new ApiError("forbidden", `The signed message names chain ${fields.chainId}; this hub runs on ${chainId}`);
  if (fields.amountAtomic !== cap) {
    const named = fields.amountAtomic === null ? "all" : `${formatUsdc(fields.amountAtomic)} USDC`;
    throw new ApiError("forbidden", `The signed message's amount (${named}) differs from the request's amount (${cap === null ? "none: all" : formatUsdc(cap)})`);
  }
  if (!(await verifyWalletSignature(payer, input.message, input.signature))) {
    throw new ApiError("forbidden", `The signature was not made by the payer ${payer}`);
  }
  const nonceKey = { network_payer_nonce: { network: env.NETWORK_MODE, payer, nonce: fields.nonce } };
  if (await db.refundNonce.findUnique({ where: nonceKey })) throw nonceUsed(fields.nonce);
  const { box, salt, factory } = holdingBox(domain);

  return withDomainLock(domain, async () => {
    await reconcileBox({ domain, factory, box });
    const rows = await db.tip.findMany({
      where: { network: env.NETWORK_MODE, domain, payer, status: "held" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    const { pending, failed } = await pendingSettlement(rows);
    await voidFailedHolds(failed);
    const ready = rows.filter((r) => !pending.has(r.id) && !failed.has(r.id));
    if (!ready.length && !pending.size) throw new ApiError("not-found", `Nothing is held for ${payer} on ${domain}`);
    const available = ready.reduce((sum, r) => sum + r.amountAtomic - r.refundedAtomic, 0n);
    if (pending.size && (cap === null || cap > available)) {
      throw new ApiError("pending-settlement", `${pending.size} of your held tip(s) on ${domain} were paid over the gateway rail and are still settling into the box; retry shortly`);
    }
    const amount = cap === null || cap > available ? available : cap;
    if (amount <= 0n) throw new ApiError("not-found", `Nothing is held for ${payer} on ${domain}`);

    // Newest first; the last row touched may be covered only in part.
    const plan: Array<{ id: string; part: bigint; full: boolean; before: bigint }> = [];
    let left = amount;
    for (const row of ready) {
      if (left === 0n) break;
      const open = row.amountAtomic - row.refundedAtomic;
      const part = open < left ? open : left;
      plan.push({ id: row.id, part, full: part === open, before: row.refundedAtomic });
      left -= part;
    }

    // The nonce is spent before the chain call; a refund that fails for sure gives it back below.
    try {
      await db.refundNonce.create({ data: { network: env.NETWORK_MODE, payer, nonce: fields.nonce } });
    } catch (err) {
      if ((err as { code?: string }).code === "P2002") throw nonceUsed(fields.nonce);
      throw err;
    }
    const giveNonceBack = () => db.refundNonce.deleteMany({ where: { network: env.NETWORK_MODE, payer, nonce: fields.nonce } });

    let hash: Hex;
    try {
      hash = await submitBoxCall(factory, { functionName: "refund", args: [salt, payer, amount] });
    } catch (err) {
      await giveNonceBack();
      throw err;
    }
    const receipt = await awaitBoxCall(hash);
    if (!receipt) throw new ApiError("bad-gateway", `Refund ${hash} was sent but not confirmed in time; check it on chain before signing another refund`);
    if (receipt.status !== "success") {
      await giveNonceBack();
      throw new ApiError("bad-gateway", `Refund ${hash} reverted on chain; nothing was refunded`);
    }

    const now = new Date();
    await db.$transaction(async (tx) => {
      for (const step of plan) {
        const moved = await tx.tip.updateMany({
          where: { id: step.id, status: "held", refundedAtomic: step.before },
          data: {
            refundedAtomic: step.before + step.part,
            refundTx: hash,
            ...(step.full && { status: "refunded", refundedAt: now }),
          },
        });
        if (moved.count !== 1) throw new Error(`tip ${step.id} changed while its refund ${hash} was being recorded`);
      }
      await recordActivity({
        type: "tip", subkind: "refund", status: "refunded", sourceKey: `tip-refund:${hash}`,
        websiteId: rows[0]!.siteId, domain, contentUrl: rows[0]!.contentUrl, contentTitle: rows[0]!.title || null,
        payerWallet: payer, recipientWallet: payer, walletAddress: box, actor: payer,
        amountAtomic: -amount, revenueAtomic: 0n, protocolFeeAtomic: 0n, txHash: hash, paymentProvider: "holding-box",
        chainId, timestamp: now,
      }, tx);
    });

    moneyEvent({ event: "tip.refunded", domain, payer, refundTx: hash, amount, tipIds: plan.map((s) => s.id).join(",") });
    const remaining = rows.filter((r) => !failed.has(r.id)).reduce((sum, r) => sum + r.amountAtomic - r.refundedAtomic, 0n) - amount;
    return {
      success: true as const,
      amount: usdcNumber(amount),
      refundTx: hash,
      domain,
      payer,
      refunded: plan.filter((s) => s.full).map((s) => s.id),
      partial: plan.find((s) => !s.full)?.id ?? null,
      remaining: usdcNumber(remaining),
    };
  });
}

function nonceUsed(nonce: string) {
  return new ApiError("refund-nonce-used", `The refund message with nonce ${nonce} was already used; sign a new one with a fresh nonce`);
}
