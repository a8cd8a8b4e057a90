import { route } from "@/lib/http/route";
import { shareStatsOp } from "@/lib/openapi/paths-quickshare";
import { publicShareStats } from "@/lib/quickshare/public-share-stats";

// GET /quickshare/stats — public aggregates with truncated wallets (no titles, slugs or full wallets)
export const GET = route(shareStatsOp, () => publicShareStats());
