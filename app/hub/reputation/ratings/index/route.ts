import type { Hash } from "viem";
import { route } from "@/lib/http/route";
import { indexRating } from "@/lib/reputation/index-rating";
import { indexRatingBody } from "@/lib/schemas/ratings";

// POST /hub/reputation/ratings/index — verify a rateContent transaction on chain and record the rating
export const POST = route({ body: indexRatingBody }, ({ body }) => indexRating({ ...body, txHash: body.txHash as Hash }));
