import { route } from "@/lib/http/route";
import { platformStats } from "@/lib/ledger/platform-stats";

// GET /hub/stats — platform figures, consistent with the ledger
export const GET = route({ cache: true }, () => platformStats());
