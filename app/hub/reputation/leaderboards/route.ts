import { route } from "@/lib/http/route";
import { leaderboards } from "@/lib/reputation/leaderboards";
import { leaderboardQuery } from "@/lib/schemas/ledger";

// GET /hub/reputation/leaderboards — creators, sites or content ranked by reputation score
export const GET = route({ query: leaderboardQuery, cache: true }, ({ query }) => leaderboards(query));
