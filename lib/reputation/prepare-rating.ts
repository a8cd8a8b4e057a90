import "server-only";
import { encodeFunctionData, getAddress, stringToHex } from "viem";
import { keccak256 } from "@/lib/crypto/keccak";
import { reputationAbi } from "@/lib/chain/abis";
import { getChainInfo } from "@/lib/chain/chain-info";
import { hubChain } from "@/lib/chain/clients";
import { findContent } from "@/lib/content/find-content";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { ensureContentHash } from "./content-hash";
import { findVerifiedUnlock, unlockRefOf } from "./find-verified-unlock";
import { reputationAddress } from "./reputation-address";

/**
 * Everything a wallet needs to rate on chain, after checking first that it has a verified unlock of
 * the content: the content's bytes32 hash, the contract, the chain, the unlock reference to pass,
 * a canonical message whose keccak-256 serves as reviewHash, and the ready-to-send `rateContent` call
 * (the wallet sends it itself and pays its gas).
 */
export async function prepareRating(opts: { contentId: string; walletAddress: string; ratingValue: number; paymentId?: string }) {
  const content = await findContent(opts.contentId);
  const wallet = getAddress(opts.walletAddress);
  const unlock = await findVerifiedUnlock({ content, wallet, paymentId: opts.paymentId });
  if (!unlock) throw new ApiError("forbidden", `The wallet ${wallet} has not bought “${content.title || content.url}”: only buyers can rate it (buy it first, then rate with the same wallet)`);
  const [contentHash, chain] = await Promise.all([ensureContentHash(content), getChainInfo()]);
  const unlockRef = unlockRefOf(unlock);
  const message = [
    `Rate content on Paid Content Hub`,
    `content: ${contentHash}`,
    `rating: ${opts.ratingValue} (${opts.ratingValue / 10} stars)`,
    `wallet: ${wallet}`,
    `unlock: ${unlockRef}`,
    `chain: eip155:${chain.chainId}`,
  ].join("\n");
  const reviewHash = keccak256(stringToHex(message));
  const contractAddress = reputationAddress();
  const args = [contentHash, opts.ratingValue, reviewHash, unlockRef] as const;
  return {
    success: true as const,
    message,
    ratingValue: opts.ratingValue,
    contentHash,
    reviewHash,
    unlockRef,
    contractAddress,
    chainId: String(chain.chainId),
    chainName: hubChain().name,
    rpcUrl: env.PUBLIC_RPC_URL,
    call: {
      to: contractAddress,
      data: encodeFunctionData({ abi: reputationAbi, functionName: "rateContent", args }),
      value: "0" as const,
      chainId: chain.chainId,
      functionName: "rateContent" as const,
      args: [...args.map(String)],
      abi: reputationAbi.filter((f) => f.type === "function" && f.name === "rateContent"),
    },
    gas: "Rating is a transaction your wallet sends itself: it costs gas in the chain's native token (paying for content does not: the hub's relayer settles it)",
  };
}
