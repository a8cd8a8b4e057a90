import type { Hash } from "viem";
import { route } from "@/lib/http/route";
import { rateContentOp } from "@/lib/openapi/paths-ratings";
import { indexRating } from "@/lib/reputation/index-rating";

// POST /hub/content/{contentId}/rate — record the on-chain rating of this content (index with the id in the path)
export const POST = route(rateContentOp, ({ params, body }) =>
  indexRating({ ...body, contentId: params.contentId, txHash: body.txHash as Hash }),
);
