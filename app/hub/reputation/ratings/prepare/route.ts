import { route } from "@/lib/http/route";
import { prepareRating } from "@/lib/reputation/prepare-rating";
import { prepareRatingBody } from "@/lib/schemas/ratings";

// POST /hub/reputation/ratings/prepare — check the unlock and return what the wallet needs to rate on chain
export const POST = route({ body: prepareRatingBody }, ({ body }) => prepareRating(body));
