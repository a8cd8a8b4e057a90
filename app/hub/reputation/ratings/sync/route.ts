import { route } from "@/lib/http/route";
import { syncRatingsOp } from "@/lib/openapi/paths-ratings";
import { syncRatings } from "@/lib/reputation/sync-ratings";

// POST /hub/reputation/ratings/sync — re-read rating events from the chain into the index
export const POST = route(syncRatingsOp, ({ body }) => syncRatings(body));
