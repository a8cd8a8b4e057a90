import "server-only";
import type { Hash } from "viem";
import { getChainInfo } from "@/lib/chain/chain-info";
import { publicClient } from "@/lib/chain/clients";
import { reputationAbi } from "@/lib/chain/abis";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { findContent } from "@/lib/content/find-content";
import { ensureContentHash } from "./content-hash";
import { indexRating } from "./index-rating";
import { reputationAddress } from "./reputation-address";

const MAX_RANGE = 100_000n;

/**
 * Re-reads ContentRated events from the chain and indexes every rating the hub does not know yet,
 * through the same checks as POST /hub/reputation/ratings/index (so a sync cannot admit what an index
 * call would refuse). Returns what it indexed and why it skipped the rest.
 */
export async function syncRatings(opts: { contentId?: string; fromBlock?: number; toBlock?: number }) {
  await getChainInfo();
  const client = publicClient();
  // cacheTime 0: viem would answer a block number cached by another caller (up to pollingInterval old) and miss a rating just mined.
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const toBlock = opts.toBlock !== undefined ? BigInt(opts.toBlock) : latest;
  const fromBlock = BigInt(opts.fromBlock ?? 0);
  if (fromBlock > toBlock) throw new ApiError("invalid-request", `fromBlock ${fromBlock} is after toBlock ${toBlock}`);
  if (toBlock - fromBlock > MAX_RANGE) throw new ApiError("invalid-request", `At most ${MAX_RANGE} blocks per sync; page with fromBlock/toBlock`);

  let contentIdHash: Hash | undefined;
  if (opts.contentId) contentIdHash = await ensureContentHash(await findContent(opts.contentId));
  const logs = await client.getContractEvents({
    address: reputationAddress(),
    abi: reputationAbi,
    eventName: "ContentRated",
    args: contentIdHash ? { contentId: contentIdHash } : undefined,
    fromBlock,
    toBlock,
  });

  const indexed: { txHash: string; contentId: string; walletAddress: string; ratingValue: number }[] = [];
  const skipped: { txHash: string; reason: string }[] = [];
  for (const log of logs) {
    const txHash = log.transactionHash;
    const known = await db.rating.findUnique({ where: { network_txHash: { network: env.NETWORK_MODE, txHash } } });
    if (known) {
      skipped.push({ txHash, reason: "already indexed" });
      continue;
    }
    const content = await db.content.findFirst({ where: { network: env.NETWORK_MODE, contentHash: log.args.contentId } });
    if (!content) {
      skipped.push({ txHash, reason: `unknown content hash ${log.args.contentId}` });
      continue;
    }
    try {
      const r = await indexRating({ contentId: content.id, txHash });
      indexed.push({ txHash, contentId: r.contentId, walletAddress: r.walletAddress, ratingValue: r.ratingValue });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      skipped.push({ txHash, reason: err.details });
    }
  }
  return { success: true as const, fromBlock: Number(fromBlock), toBlock: Number(toBlock), scanned: logs.length, indexed, skipped };
}
