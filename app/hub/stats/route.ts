import { route } from "@/lib/http/route";
import { statsOp } from "@/lib/openapi/paths-ledger";
import { platformStats } from "@/lib/ledger/platform-stats";

// GET /hub/stats — platform figures, consistent with the ledger
export const GET = route({ ...statsOp, cache: true }, () => platformStats());
