import { route } from "@/lib/http/route";
import { ratingStats } from "@/lib/reputation/rating-stats";
import { ratingStatsQuery } from "@/lib/schemas/ratings";

// GET /hub/reputation/ratings/stats — a content item's rating count and average
export const GET = route({ query: ratingStatsQuery }, ({ query }) => ratingStats(query));
