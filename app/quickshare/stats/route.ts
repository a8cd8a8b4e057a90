import { route } from "@/lib/http/route";
import { publicShareStats } from "@/lib/quickshare/public-share-stats";

// GET /quickshare/stats — public aggregates with truncated wallets (no titles, slugs or full wallets)
export const GET = route({}, () => publicShareStats());
