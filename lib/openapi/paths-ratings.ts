import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  indexRatingBody, indexRatingResponse, prepareRatingBody, prepareRatingResponse, rateContentBody, rateContentParams,
  ratingStatsQuery, ratingStatsResponse, syncRatingsBody, syncRatingsResponse,
} from "@/lib/schemas/ratings";
import { errors, json, jsonBody } from "./helpers";

const refusals =
  "400: the transaction does not call rateContent on this hub's reputation contract, reverted, or names another content hash or value; " +
  "403: sent by another wallet than walletAddress, or its unlockRef is not a verified unlock of this content by the sender; " +
  "404: unknown content, or no such mined transaction; 409: the wallet already rated this content; 503: the chain does not answer.";

export const ratingPaths: ZodOpenApiPathsObject = {
  "/hub/reputation/ratings/prepare": {
    post: {
      tags: ["reputation"],
      summary: "Check the wallet's unlock and return what it needs to rate on chain",
      description:
        "Eligibility comes first: the wallet must have a verified paid unlock of the content (403 otherwise). Then call " +
        "`rateContent(contentHash, ratingValue, reviewHash, unlockRef)` on `contractAddress` from that wallet, and POST the transaction hash to /hub/reputation/ratings/index.",
      requestBody: jsonBody(prepareRatingBody),
      responses: { "200": json(prepareRatingResponse, "Rating terms"), ...errors(400, 403, 404, 503) },
    },
  },
  "/hub/reputation/ratings/index": {
    post: {
      tags: ["reputation"],
      summary: "Verify a rateContent transaction on chain and record the rating (proof onchain:<txHash>)",
      description: `Re-indexing the same transaction answers the same and records nothing new. ${refusals}`,
      requestBody: jsonBody(indexRatingBody),
      responses: { "200": json(indexRatingResponse, "Rating recorded"), ...errors(400, 403, 404, 409, 503) },
    },
  },
  "/hub/reputation/ratings/stats": {
    get: {
      tags: ["reputation"],
      summary: "Rating count and average (1..5) of a content item, with its content hash",
      description: "Use the returned contentHash; do not compute it locally.",
      requestParams: { query: ratingStatsQuery },
      responses: { "200": json(ratingStatsResponse, "Stats"), ...errors(400, 404) },
    },
  },
  "/hub/reputation/ratings/sync": {
    post: {
      tags: ["reputation"],
      summary: "Re-read ContentRated events from the chain into the index",
      description: "Each event goes through the same checks as the index route; at most 100000 blocks per call.",
      requestBody: jsonBody(syncRatingsBody),
      responses: { "200": json(syncRatingsResponse, "What was indexed and skipped"), ...errors(400, 404, 503) },
    },
  },
  "/hub/content/{contentId}/rate": {
    post: {
      tags: ["reputation"],
      summary: "Record the on-chain rating of this content (the index route with the content id in the path)",
      description: refusals,
      requestParams: { path: rateContentParams },
      requestBody: jsonBody(rateContentBody),
      responses: { "200": json(indexRatingResponse, "Rating recorded"), ...errors(400, 403, 404, 409, 503) },
    },
  },
};
