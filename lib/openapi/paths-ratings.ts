import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  indexRatingBody, indexRatingResponse, prepareRatingBody, prepareRatingResponse, rateContentBody, rateContentParams,
  ratingStatsQuery, ratingStatsResponse, syncRatingsBody, syncRatingsResponse,
} from "@/lib/schemas/ratings";
import { operation } from "@/lib/http/operation";
import { errors, pathsOf } from "./helpers";

const refusals =
  "400: the transaction does not call rateContent on this hub's reputation contract, reverted, or names another content hash or value; " +
  "403: sent by another wallet than walletAddress, or its unlockRef is not a verified unlock of this content by the sender; " +
  "404: unknown content, or no such mined transaction; 409: the wallet already rated this content; 503: the chain does not answer.";

export const prepareRatingOp = operation({
  method: "post",
  path: "/hub/reputation/ratings/prepare",
  body: prepareRatingBody,
  response: prepareRatingResponse,
  doc: {
    tags: ["reputation"],
    summary: "Check the wallet's unlock and return what it needs to rate on chain",
    description:
      "Eligibility comes first: the wallet must have a verified paid unlock of the content (403 otherwise). Then call " +
      "`rateContent(contentHash, ratingValue, reviewHash, unlockRef)` on `contractAddress` from that wallet, and POST the transaction hash to /hub/reputation/ratings/index.",
    answer: "Rating terms",
    responses: errors(400, 403, 404, 503),
  },
});

export const indexRatingOp = operation({
  method: "post",
  path: "/hub/reputation/ratings/index",
  body: indexRatingBody,
  response: indexRatingResponse,
  doc: {
    tags: ["reputation"],
    summary: "Verify a rateContent transaction on chain and record the rating (proof onchain:<txHash>)",
    description: `Re-indexing the same transaction answers the same and records nothing new. ${refusals}`,
    answer: "Rating recorded",
    responses: errors(400, 403, 404, 409, 503),
  },
});

export const ratingStatsOp = operation({
  method: "get",
  path: "/hub/reputation/ratings/stats",
  query: ratingStatsQuery,
  response: ratingStatsResponse,
  doc: {
    tags: ["reputation"],
    summary: "Rating count and average (1..5) of a content item, with its content hash",
    description: "Use the returned contentHash; do not compute it locally.",
    answer: "Stats",
    responses: errors(400, 404),
  },
});

export const syncRatingsOp = operation({
  method: "post",
  path: "/hub/reputation/ratings/sync",
  body: syncRatingsBody,
  response: syncRatingsResponse,
  doc: {
    tags: ["reputation"],
    summary: "Re-read ContentRated events from the chain into the index",
    description: "Each event goes through the same checks as the index route; at most 100000 blocks per call.",
    answer: "What was indexed and skipped",
    responses: errors(400, 404, 503),
  },
});

export const rateContentOp = operation({
  method: "post",
  path: "/hub/content/{contentId}/rate",
  params: rateContentParams,
  body: rateContentBody,
  response: indexRatingResponse,
  doc: {
    tags: ["reputation"],
    summary: "Record the on-chain rating of this content (the index route with the content id in the path)",
    description: refusals,
    answer: "Rating recorded",
    responses: errors(400, 403, 404, 409, 503),
  },
});

export const ratingPaths: ZodOpenApiPathsObject = pathsOf(prepareRatingOp, indexRatingOp, ratingStatsOp, syncRatingsOp, rateContentOp);
