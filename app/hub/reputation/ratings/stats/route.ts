import { route } from "@/lib/http/route";
import { ratingStatsOp } from "@/lib/openapi/paths-ratings";
import { ratingStats } from "@/lib/reputation/rating-stats";

// GET /hub/reputation/ratings/stats — a content item's rating count and average
export const GET = route(ratingStatsOp, ({ query }) => ratingStats(query));
