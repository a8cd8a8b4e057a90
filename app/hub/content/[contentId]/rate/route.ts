import type { Hash } from "viem";
import { route } from "@/lib/http/route";
import { indexRating } from "@/lib/reputation/index-rating";
import { rateContentBody, rateContentParams } from "@/lib/schemas/ratings";

// POST /hub/content/{contentId}/rate — record the on-chain rating of this content (index with the id in the path)
export const POST = route({ params: rateContentParams, body: rateContentBody }, ({ params, body }) =>
  indexRating({ ...body, contentId: params.contentId, txHash: body.txHash as Hash }),
);
