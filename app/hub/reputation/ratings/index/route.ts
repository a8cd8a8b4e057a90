import type { Hash } from "viem";
import { route } from "@/lib/http/route";
import { indexRatingOp } from "@/lib/openapi/paths-ratings";
import { indexRating } from "@/lib/reputation/index-rating";

// POST /hub/reputation/ratings/index — verify a rateContent transaction on chain and record the rating
export const POST = route(indexRatingOp, ({ body }) => indexRating({ ...body, txHash: body.txHash as Hash }));
