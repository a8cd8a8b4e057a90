import { z } from "zod";
import { zHex } from "./hex";
import { walletAddress } from "./auth";

const hex32 = zHex("must be a 0x-prefixed 32-byte hex value", 64);
const ratingValue = z.number().int().min(1).max(50).meta({ description: "1..50; stars = value / 10" });

export const prepareRatingBody = z
  .object({
    contentId: z.string().min(1).max(200).meta({ description: "Hub content id or the site's externalId" }),
    walletAddress,
    ratingValue,
    paymentId: z.string().min(1).max(100).optional().meta({ description: "Pin eligibility to this payment" }),
    pageOrigin: z.string().max(500).optional(),
  })
  .meta({ id: "PrepareRatingRequest" });

export const prepareRatingResponse = z
  .object({
    success: z.literal(true),
    message: z.string().meta({ description: "Canonical signing message; its keccak-256 is the suggested reviewHash" }),
    ratingValue: z.number().int(),
    contentHash: hex32,
    reviewHash: hex32,
    unlockRef: z.string().meta({ description: "Pass as rateContent's unlockRef: the unlock's transaction hash (or payment id when it has none)" }),
    contractAddress: walletAddress,
    chainId: z.string(),
    chainName: z.string(),
    rpcUrl: z.string(),
    call: z
      .object({
        to: walletAddress,
        data: z.string().meta({ description: "The ABI-encoded rateContent(contentHash, ratingValue, reviewHash, unlockRef) call" }),
        value: z.literal("0"),
        chainId: z.number().int(),
        functionName: z.literal("rateContent"),
        args: z.array(z.string()).meta({ description: "contentHash, ratingValue, reviewHash, unlockRef" }),
        abi: z.array(z.looseObject({})).meta({ description: "rateContent's ABI fragment" }),
      })
      .meta({ description: "The ready-to-send transaction: sendTransaction({ to, data }) from the rating wallet, then POST its hash to /hub/reputation/ratings/index" }),
    gas: z.string().meta({ description: "Rating costs gas: the wallet sends the transaction itself" }),
  })
  .meta({ id: "PrepareRatingResponse" });

export const indexRatingBody = z
  .object({
    contentId: z.string().min(1).max(200),
    txHash: hex32,
    walletAddress: walletAddress.optional(),
    contentHash: hex32.optional(),
    ratingValue: ratingValue.optional(),
  })
  .meta({ id: "IndexRatingRequest" });

export const indexRatingResponse = z
  .object({ success: z.literal(true), ok: z.literal(true), contentId: z.string(), walletAddress: z.string(), ratingValue: z.number().int(), proof: z.string() })
  .meta({ id: "IndexRatingResponse" });

export const ratingStatsQuery = z.object({ contentId: z.string().min(1).max(200).meta({ description: "Hub content id or externalId" }) });

export const ratingStatsResponse = z
  .object({
    success: z.literal(true),
    contentId: z.string(),
    externalId: z.string().nullable(),
    contentHash: hex32,
    average: z.number().meta({ description: "Average on the 1..5 scale (0 without ratings)" }),
    count: z.number().int(),
  })
  .meta({ id: "RatingStats" });

export const syncRatingsBody = z
  .object({
    contentId: z.string().min(1).max(200).optional().meta({ description: "Only this content's ratings" }),
    fromBlock: z.number().int().min(0).optional().meta({ description: "Default: 0" }),
    toBlock: z.number().int().min(0).optional().meta({ description: "Default: latest" }),
  })
  .meta({ id: "SyncRatingsRequest" });

export const syncRatingsResponse = z
  .object({
    success: z.literal(true),
    fromBlock: z.number().int(),
    toBlock: z.number().int(),
    scanned: z.number().int(),
    indexed: z.array(z.object({ txHash: z.string(), contentId: z.string(), walletAddress: z.string(), ratingValue: z.number().int() })),
    skipped: z.array(z.object({ txHash: z.string(), reason: z.string() })),
  })
  .meta({ id: "SyncRatingsResponse" });

export const rateContentParams = z.object({ contentId: z.string().min(1).max(200) });
export const rateContentBody = indexRatingBody.omit({ contentId: true }).meta({ id: "RateContentRequest" });
