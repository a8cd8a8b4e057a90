import { route } from "@/lib/http/route";
import { leaderboardsOp } from "@/lib/openapi/paths-ledger";
import { leaderboards } from "@/lib/reputation/leaderboards";

// GET /hub/reputation/leaderboards — creators, sites or content ranked by reputation score
// (a Response until lib/reputation/leaderboards.ts types its items: checked against the schema at run time only)
export const GET = route({ ...leaderboardsOp, cache: true }, ({ query }) => leaderboards(query));
