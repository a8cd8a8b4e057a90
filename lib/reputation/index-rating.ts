import "server-only";
import { decodeEventLog, decodeFunctionData, getAddress, isAddressEqual, type Hash } from "viem";
import { getChainInfo } from "@/lib/chain/chain-info";
import { publicClient } from "@/lib/chain/clients";
import { reputationAbi } from "@/lib/chain/abis";
import { findContent } from "@/lib/content/find-content";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { recordActivity } from "@/lib/ledger/record-activity";
import { ensureContentHash } from "./content-hash";
import { findVerifiedUnlock } from "./find-verified-unlock";
import { reputationAddress } from "./reputation-address";

type Opts = { contentId: string; txHash: Hash; walletAddress?: string; contentHash?: string; ratingValue?: number };

/**
 * Indexes an on-chain rating. Reads the transaction from the chain and accepts it only if it is a
 * successful `rateContent` call on our contract, sent by the rating wallet, for this content's hash
 * (and the stated value), naming an unlock the hub verified for that wallet. One rating per wallet
 * and content; re-indexing the same transaction is a no-op that answers the same.
 */
export async function indexRating(opts: Opts) {
  const content = await findContent(opts.contentId);
  const rating = await readRatingTx(opts.txHash);
  const contentHash = await ensureContentHash(content);

  if (rating.contentHash.toLowerCase() !== contentHash.toLowerCase()) {
    throw new ApiError("invalid-request", `The transaction rates content ${rating.contentHash}, not ${contentHash} (${content.id})`);
  }
  if (opts.contentHash && opts.contentHash.toLowerCase() !== contentHash.toLowerCase()) {
    throw new ApiError("invalid-request", `contentHash ${opts.contentHash} is not this content's hash ${contentHash}`);
  }
  if (opts.ratingValue !== undefined && opts.ratingValue !== rating.value) {
    throw new ApiError("invalid-request", `The transaction rates ${rating.value}, not ${opts.ratingValue}`);
  }
  if (opts.walletAddress && !isAddressEqual(opts.walletAddress as `0x${string}`, rating.wallet)) {
    throw new ApiError("forbidden", `The transaction was sent by ${rating.wallet}, not ${getAddress(opts.walletAddress)}`);
  }
  const unlock = await findVerifiedUnlock({ content, wallet: rating.wallet, unlockRef: rating.unlockRef });
  if (!unlock) throw new ApiError("forbidden", `The rating names unlock "${rating.unlockRef}", which is not a verified purchase of “${content.title || content.url}” by ${rating.wallet}`);

  const network = env.NETWORK_MODE;
  const proof = `onchain:${opts.txHash}`;
  const result = { success: true as const, ok: true as const, contentId: content.id, walletAddress: rating.wallet, ratingValue: rating.value, proof };

  const same = await db.rating.findUnique({ where: { network_txHash: { network, txHash: opts.txHash } } });
  if (same) return result;
  const site = await db.site.findUnique({ where: { id: content.siteId }, select: { domain: true } });
  try {
    await db.$transaction(async (tx) => {
      await tx.rating.create({
        data: {
          network, contentId: content.id, wallet: rating.wallet, value: rating.value, contentHash,
          reviewHash: rating.reviewHash, unlockRef: rating.unlockRef, txHash: opts.txHash, proof,
        },
      });
      await tx.content.update({ where: { id: content.id }, data: { ratingsCount: { increment: 1 }, ratingSum: { increment: rating.value } } });
      await recordActivity(
        {
          type: "rating", sourceKey: `rating:${network}:${opts.txHash}`, websiteId: content.siteId, actor: rating.wallet,
          contentId: content.id, contentTitle: content.title, contentUrl: content.url, domain: site?.domain ?? null,
          walletAddress: rating.wallet, score: rating.value, proofType: "onchain", proof, txHash: opts.txHash, chainId: rating.chainId,
        },
        tx,
      );
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") {
      const again = await db.rating.findUnique({ where: { network_txHash: { network, txHash: opts.txHash } } });
      if (again) return result;
      throw new ApiError("conflict", `${rating.wallet} has already rated ${content.id}; one rating per wallet and content`);
    }
    throw err;
  }
  return result;
}

/** Reads and decodes a rateContent transaction; every way it can fail to be one is a clear 4xx. */
export async function readRatingTx(txHash: Hash) {
  const { chainId } = await getChainInfo();
  const client = publicClient();
  const contract = reputationAddress();
  const [tx, receipt] = await Promise.all([
    client.getTransaction({ hash: txHash }).catch(() => null),
    client.getTransactionReceipt({ hash: txHash }).catch(() => null),
  ]);
  if (!tx || !receipt) throw new ApiError("not-found", `No mined transaction ${txHash} on chain ${chainId}`);
  if (receipt.status !== "success") throw new ApiError("invalid-request", `Transaction ${txHash} reverted`);
  if (!tx.to || !isAddressEqual(tx.to, contract)) throw new ApiError("invalid-request", `Transaction ${txHash} is not a call to the reputation contract ${contract}`);
  let args: readonly [`0x${string}`, number, `0x${string}`, string];
  try {
    const decoded = decodeFunctionData({ abi: reputationAbi, data: tx.input });
    if (decoded.functionName !== "rateContent") throw new Error(decoded.functionName);
    args = decoded.args as typeof args;
  } catch {
    throw new ApiError("invalid-request", `Transaction ${txHash} does not call rateContent`);
  }
  const event = receipt.logs
    .filter((l) => isAddressEqual(l.address, contract))
    .map((l) => {
      try {
        return decodeEventLog({ abi: reputationAbi, data: l.data, topics: l.topics });
      } catch {
        return null;
      }
    })
    .find((e) => e?.eventName === "ContentRated");
  if (!event) throw new ApiError("invalid-request", `Transaction ${txHash} emitted no ContentRated event`);
  return { wallet: getAddress(tx.from), contentHash: args[0], value: Number(args[1]), reviewHash: args[2], unlockRef: args[3], chainId, blockNumber: receipt.blockNumber };
}
