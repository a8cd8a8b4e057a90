import "server-only";
import { getAddress, isAddressEqual, type Address, type Hex } from "viem";
import { holdingBoxFactoryAbi } from "@/lib/chain/abis";
import { publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { X402_VERSION } from "@/lib/x402/constants";
import { env } from "@/lib/env";
import { moneyEvent } from "@/lib/log/money-event";
import { ApiError } from "@/lib/http/errors";
import { recordActivity } from "@/lib/ledger/record-activity";
import { splitFee, usdcNumber } from "@/lib/money";
import { holdingBox } from "./holding-box";
import { holdingKey } from "./holding-key";
import { parseTipAmount } from "./parse-tip-amount";
import { tipView } from "./tip-view";
import { verifyBoxTransfer, type BoxTransfer } from "./verify-box-transfer";
import { buildChallenge } from "@/lib/x402/build-challenge";
import type { PaymentCredentials } from "@/lib/x402/payment-credentials";
import type { PaidResource } from "@/lib/x402/types";
import { verifyAndRecordPayment } from "@/lib/x402/verify-and-record-payment";
import { pendingSettlement } from "./pending-settlement";
import { JsonAnswer } from "@/lib/http/plain-answer";

export type HoldTipInput = {
  contentUrl: string;
  amount: string | number;
  title?: string;
  domain?: string;
  paymentRail?: "transfer" | "gateway";
  txHash?: Hex;
  walletAddress?: Address;
  /** Gateway rail: the x402 payment (body paymentSignature, else the Payment-Signature header), parsed at the edge. */
  payment?: PaymentCredentials;
};

/**
 * POST /hub/tips/hold. Without txHash: the domain's holding box (predicted off chain) to send USDC to.
 * With txHash: verifies the USDC transfer into that box and records a held tip (idempotent per tx hash;
 * a tx hash already recorded for another box is refused). The hold route never resolves a creator.
 */
export async function holdTip(input: HoldTipInput) {
  const domain = holdingKey({ contentUrl: input.contentUrl, domain: input.domain });
  const minAmount = parseTipAmount(input.amount);
  const { box, factory } = holdingBox(domain);
  const payment = input.payment;
  const signed = payment?.kind === "signature" || (payment?.kind === "malformed" && payment.rail !== "transfer");
  if (payment && signed && !input.txHash) return holdOverGateway({ input, domain, box, minAmount, payment });
  if (!input.txHash) {
    const net = NETWORKS[env.NETWORK_MODE];
    const gateway = input.paymentRail === "gateway" ? await buildChallenge({ resource: holdResource({ input, domain, box, minAmount }) }) : null;
    return {
      success: true as const,
      holdStatus: "challenge" as const,
      box,
      domain,
      amount: usdcNumber(minAmount),
      asset: getAddress(env.USDC_ADDRESS),
      network: net.caip2,
      chainId: net.chainId,
      instructions: gateway
        ? `Sign one of \`accepts\` (payTo is the box) and repeat this request with paymentSignature (or the Payment-Signature header). Gateway credit settles into the box in the next batch; until then claims and refunds answer 202.`
        : `Transfer at least ${usdcNumber(minAmount)} USDC to ${box} on ${net.caip2}, then repeat this request with txHash (and walletAddress). The tip is held for ${domain} until its verified owner claims it; until then the payer may refund it (POST /hub/tips/refund).`,
      ...(gateway && { x402Version: X402_VERSION, resource: gateway.resource, accepts: gateway.accepts }),
    };
  }

  const prior = await findPrior(input.txHash, box, input.walletAddress);
  if (prior) return prior;

  const transfer = await verifyBoxTransfer({ txHash: input.txHash, box, minAmount, payer: input.walletAddress });
  const sweep = await releasedAfter(factory, box, transfer);
  const site = await db.site.findFirst({ where: { domain: { in: [domain, `www.${domain}`] } }, select: { id: true } });
  const fee = sweep ? splitFee(transfer.amountAtomic, sweep.feeBps).fee : null;
  const now = new Date();

  try {
    const tip = await db.$transaction(async (tx) => {
      const row = await tx.tip.create({
        data: {
          network: env.NETWORK_MODE,
          status: sweep ? "released" : "held",
          contentUrl: input.contentUrl,
          domain,
          siteId: site?.id ?? null,
          title: input.title ?? "",
          amountAtomic: transfer.amountAtomic,
          payer: transfer.payer,
          payTo: box,
          rail: "transfer",
          txHash: input.txHash!,
          boxAddress: box,
          ...(sweep && { recipient: sweep.creator, feeBps: sweep.feeBps, feeAtomic: fee, releaseTx: sweep.txHash, releasedAt: now }),
        },
      });
      const common = {
        type: "tip" as const, websiteId: row.siteId, domain, contentUrl: row.contentUrl, contentTitle: row.title || null,
        payerWallet: row.payer, chainId: NETWORKS[env.NETWORK_MODE].chainId, paymentProvider: "transfer",
      };
      await recordActivity({
        ...common, sourceKey: `tip-held:${row.id}`, subkind: "held", status: "held", actor: row.payer, walletAddress: box,
        amountAtomic: row.amountAtomic, revenueAtomic: 0n, txHash: row.txHash, timestamp: now,
      }, tx);
      if (sweep) {
        await recordActivity({
          ...common, sourceKey: `tip-released:${row.id}`, subkind: "released", status: "released", recipientWallet: sweep.creator,
          amountAtomic: 0n, revenueAtomic: row.amountAtomic - fee!, protocolFeeAtomic: fee, txHash: sweep.txHash, timestamp: now,
        }, tx);
      }
      return row;
    });
    moneyEvent({ event: sweep ? "tip.released" : "tip.held", tipId: tip.id, domain, rail: "transfer", txHash: tip.txHash, releaseTx: tip.releaseTx });
    return { success: true as const, holdStatus: "held" as const, box, domain, tip: tipView(tip) };
  } catch (err) {
    if ((err as { code?: string }).code !== "P2002") throw err;
    // A concurrent request recorded the same tx hash first: answer with its record.
    const again = await findPrior(input.txHash, box, input.walletAddress);
    if (again) return again;
    throw err;
  }
}

/** The earlier answer for a tx hash already recorded for this box; 409 when it was recorded for another. */
async function findPrior(txHash: Hex, box: Address, payer?: Address) {
  const tip = await db.tip.findUnique({ where: { network_txHash: { network: env.NETWORK_MODE, txHash } } });
  if (!tip) return null;
  if (!tip.boxAddress || !isAddressEqual(tip.boxAddress as Address, box) || (payer && !isAddressEqual(tip.payer as Address, payer))) {
    throw new ApiError("txhash-claimed-elsewhere", `Transaction ${txHash} is already recorded for another tip`);
  }
  return { success: true as const, holdStatus: "held" as const, box, domain: tip.domain, tip: tipView(tip) };
}

/**
 * A release of this box mined after the transfer: the transfer was swept to the creator already (it
 * landed while a claim was running, before this hold was recorded), so the tip is recorded as released.
 */
async function releasedAfter(factory: Address, box: Address, transfer: BoxTransfer) {
  const logs = await publicClient().getContractEvents({
    address: factory,
    abi: holdingBoxFactoryAbi,
    eventName: "Released",
    args: { box },
    fromBlock: transfer.blockNumber,
  });
  const after = logs.find(
    (log) => log.blockNumber! > transfer.blockNumber || (log.blockNumber === transfer.blockNumber && log.logIndex! > transfer.logIndex),
  );
  if (!after) return null;
  return { creator: getAddress(after.args.creator!), feeBps: Number(after.args.feeBps!), txHash: after.transactionHash! };
}

/** The x402 resource of a gateway-rail hold: payTo is the box; the ledger row is the tip's held row. */
function holdResource({ input, domain, box, minAmount }: { input: HoldTipInput; domain: string; box: Address; minAmount: bigint }): PaidResource {
  return {
    kind: "tip",
    id: `hold:${domain}`,
    url: input.contentUrl,
    description: `Tip held for ${domain}`,
    price: minAmount,
    payTo: box,
    recipient: box,
    feeBps: 0,
    siteId: null,
    contentId: null,
    ledger: {
      type: "tip", subkind: "held", status: "held", domain, contentUrl: input.contentUrl, contentTitle: input.title || null,
      revenueAtomic: 0n, protocolFeeAtomic: null, walletAddress: box,
    },
  };
}

/**
 * A hold paid with an x402 authorization to the box: lib/x402 verifies and records it (gateway: locked
 * until the batch settler settles it into the box; plain EIP-3009: settled by the relayer at once), and
 * the held Tip is written in the same transaction. Claims and refunds wait for the settlement.
 */
async function holdOverGateway({ input, domain, box, minAmount, payment }: { input: HoldTipInput; domain: string; box: Address; minAmount: bigint; payment: PaymentCredentials }) {
  const site = await db.site.findFirst({ where: { domain: { in: [domain, `www.${domain}`] } }, select: { id: true } });
  const resource = holdResource({ input, domain, box, minAmount });
  if (resource.ledger) resource.ledger.websiteId = site?.id ?? null;
  const outcome = await verifyAndRecordPayment({
    resource,
    credentials: payment,
    onRecorded: async (tx, payment) => {
      await tx.tip.create({
        data: {
          network: env.NETWORK_MODE, status: "held", contentUrl: input.contentUrl, domain, siteId: site?.id ?? null, title: input.title ?? "",
          amountAtomic: payment.amount, payer: getAddress(payment.payer), payTo: box, rail: "gateway", boxAddress: box, paymentId: payment.id,
        },
      });
    },
  });
  const tip = await db.tip.findFirstOrThrow({ where: { network: env.NETWORK_MODE, paymentId: outcome.receipt.paymentId! } });
  if (!outcome.replayed) moneyEvent({ event: "tip.held", tipId: tip.id, domain, rail: "gateway", paymentId: tip.paymentId });
  const pending = await pendingSettlement([tip]);
  return new JsonAnswer(
    { success: true as const, holdStatus: "held" as const, box, domain, tip: tipView(tip, pending.pending.has(tip.id)), payment: outcome.receipt },
    outcome.headers,
  );
}
