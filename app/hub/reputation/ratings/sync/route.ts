import { route } from "@/lib/http/route";
import { syncRatings } from "@/lib/reputation/sync-ratings";
import { syncRatingsBody } from "@/lib/schemas/ratings";

// POST /hub/reputation/ratings/sync — re-read rating events from the chain into the index
export const POST = route({ body: syncRatingsBody }, ({ body }) => syncRatings(body));
