import { route } from "@/lib/http/route";
import { tipsHeldOp } from "@/lib/openapi/paths-tips";
import { listHeld } from "@/lib/tips/list-held";

// GET /hub/tips/held — tips still held for a domain (public)
export const GET = route(tipsHeldOp, ({ query }) => listHeld(query));
