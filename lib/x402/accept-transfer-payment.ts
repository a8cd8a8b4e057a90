import "server-only";
import { getAddress, isAddressEqual, parseEventLogs, recoverMessageAddress, TransactionReceiptNotFoundError, type Address, type Hex } from "viem";
import { usdcAbi } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { formatUsdc, splitFee } from "@/lib/money";
import { TRANSFER_MAX_AGE_SECONDS } from "./constants";
import { isUniqueViolation } from "./is-unique-violation";
import { paidOutcome } from "./paid-outcome";
import { PaymentRejected } from "./payment-rejected";
import { recordPaidUnlock } from "./record-paid-unlock";
import { replayPayment, type StoredPayment } from "./replay-payment";
import { transferOwnerMessage } from "./transfer-owner-message";
import type { OnRecorded, PaidResource, PaymentOutcome } from "./types";

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const SIGNATURE = /^0x([0-9a-fA-F]{2})+$/;


/**
 * Transfer rail: the payer broadcast a USDC transfer to payTo and proves it sent it by signing
 * transferOwnerMessage(chain, tx, resource). Requires a successful receipt on the hub's chain with
 * Transfer logs emitted by the USDC contract itself (any other token's logs never count) from the
 * signer to payTo totalling at least the price. A tx hash pays for one resource only (409
 * txhash-claimed-elsewhere); the same hash, resource and payer again returns the first receipt.
 */
export async function acceptTransferPayment({
  resource,
  txHash: rawHash,
  ownerSignature,
  actor,
  onRecorded,
  now = new Date(),
}: {
  resource: PaidResource;
  txHash: string;
  ownerSignature: string;
  actor?: string | null;
  onRecorded?: OnRecorded;
  /** The time the request is decided at (the wall clock; the test clock in tests). */
  now?: Date;
}): Promise<PaymentOutcome> {
  if (!TX_HASH.test(rawHash)) throw new PaymentRejected("malformed_payment", "x-svc-transfer-tx must be a 0x-prefixed 32-byte transaction hash");
  if (!SIGNATURE.test(ownerSignature)) throw new PaymentRejected("malformed_payment", "x-svc-tx-owner must be a 0x-prefixed hex EIP-191 signature");
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const txHash = rawHash.toLowerCase() as Hex;
  const message = transferOwnerMessage({ chainId, txHash, resourceUrl: resource.url });
  const signer = await recoverMessageAddress({ message, signature: ownerSignature as Hex }).catch(() => undefined);

  const key = { chainId_txHash: { chainId, txHash } };
  const existing = await db.payment.findUnique({ where: key, include: { receipt: true } });
  if (existing) {
    if (existing.resourceType !== resource.kind || existing.resourceId !== resource.id) {
      throw new ApiError("txhash-claimed-elsewhere", "This transaction hash already paid for other content; a transfer unlocks one content id only");
    }
    const proven = signer && isAddressEqual(signer, existing.payer as Address) ? signer : await provenOwner(message, ownerSignature as Hex, [existing.payer as Address]);
    if (!proven) throw payerMismatch("The x-svc-tx-owner signature is not by the wallet that claimed this transfer, or names another resource");
    return replayOrPending(existing, resource, proven);
  }

  const client = publicClient();
  const receipt = await chainRead("read the transfer", () =>
    client.getTransactionReceipt({ hash: txHash }).catch((err) => {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }),
  );
  if (!receipt) throw new PaymentRejected("transfer_not_found", `No mined transaction ${txHash} on ${NETWORKS[env.NETWORK_MODE].caip2}; wait for it to be mined and retry`);
  if (receipt.status !== "success") throw new PaymentRejected("transfer_reverted", `Transaction ${txHash} reverted`);
  // A transfer mined before the payer could have seen this price pays for something else.
  const block = await chainRead("read the transfer's block", () => client.getBlock({ blockNumber: receipt.blockNumber }));
  const age = BigInt(Math.floor(now.getTime() / 1000)) - block.timestamp;
  if (age > BigInt(TRANSFER_MAX_AGE_SECONDS)) {
    throw new PaymentRejected(
      "transfer_too_old",
      `Transaction ${txHash} was mined ${age} s ago; a transfer pays only within the challenge's window (maxTimeoutSeconds ${TRANSFER_MAX_AGE_SECONDS}) — send a new one`,
    );
  }

  const usdc = getAddress(env.USDC_ADDRESS);
  const transfers = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs }).filter(
    (log) => isAddressEqual(log.address, usdc) && isAddressEqual(log.args.to, resource.payTo),
  );
  if (transfers.length === 0) {
    throw new PaymentRejected("transfer_not_found", `Transaction ${txHash} carries no USDC (${usdc}) Transfer to ${resource.payTo}`);
  }
  const senders = [...new Set(transfers.map((log) => getAddress(log.args.from)))];
  const payer = signer && senders.some((s) => isAddressEqual(s, signer)) ? signer : await provenOwner(message, ownerSignature as Hex, senders);
  if (!payer) {
    throw payerMismatch(
      `The x-svc-tx-owner signature (over this chain, transaction and resource ${resource.url}) is by ${signer ?? "nobody recognisable"}, but the transfer was sent by ${senders.join(", ")}`,
    );
  }
  const amount = transfers.filter((log) => isAddressEqual(log.args.from, payer)).reduce((sum, log) => sum + log.args.value, 0n);
  if (amount < resource.price) {
    throw new PaymentRejected("amount_insufficient", `The transfer sends ${formatUsdc(amount)} USDC to ${resource.payTo}; the price is ${formatUsdc(resource.price)} USDC`);
  }

  try {
    return await db.$transaction(async (tx) => {
      const raced = await tx.payment.findUnique({ where: key, include: { receipt: true } });
      if (raced) return replayOrPending(raced, resource, payer);
      const payment = await tx.payment.create({
        data: {
          network: env.NETWORK_MODE,
          chainId,
          rail: "transfer",
          status: "settled",
          resourceType: resource.kind,
          resourceId: resource.id,
          siteId: resource.siteId ?? null,
          payer,
          payTo: getAddress(resource.payTo),
          recipient: resource.recipient,
          amountAtomic: amount,
          feeAtomic: splitFee(amount, resource.feeBps).fee,
          txHash,
          signature: ownerSignature.toLowerCase(),
          settledAt: new Date(),
        },
      });
      return paidOutcome(payment, await recordPaidUnlock(tx, { payment, resource, actor, onRecorded }), false);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await db.payment.findUnique({ where: key, include: { receipt: true } });
    if (!winner) throw err;
    return replayOrPending(winner, resource, payer);
  }
}

/** A binding signed by a wallet other than the transfer's sender, or naming other content: 403, not a payment problem. */
function payerMismatch(details: string) {
  return new ApiError("payer-mismatch", details);
}

function replayOrPending(existing: StoredPayment, resource: PaidResource, payer: Address): PaymentOutcome {
  const outcome = replayPayment({ existing, resource, payer });
  if (outcome) return outcome;
  // The relayer's own settlement of a plain authorization, still pending: its receipt comes with it.
  throw new PaymentRejected("settlement_pending", "This transaction is the hub's settlement of a plain authorization still being confirmed; retry shortly");
}

/** A sender that is a contract wallet proves ownership through ERC-1271 (asked on chain). */
async function provenOwner(message: string, signature: Hex, candidates: Address[]): Promise<Address | undefined> {
  const client = publicClient();
  for (const address of candidates) {
    const code = await chainRead("check the sender's wallet", () => client.getCode({ address }));
    if (!code || code === "0x") continue;
    if (await chainRead("verify the sender's signature", () => client.verifyMessage({ address, message, signature }))) return address;
  }
  return undefined;
}
