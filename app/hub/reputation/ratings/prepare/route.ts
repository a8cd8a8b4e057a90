import { route } from "@/lib/http/route";
import { prepareRatingOp } from "@/lib/openapi/paths-ratings";
import { prepareRating } from "@/lib/reputation/prepare-rating";

// POST /hub/reputation/ratings/prepare — check the unlock and return what the wallet needs to rate on chain
// (a Response until lib/reputation/prepare-rating.ts types call.value as the literal "0": checked at run time only)
export const POST = route(prepareRatingOp, ({ body }) => prepareRating(body));
