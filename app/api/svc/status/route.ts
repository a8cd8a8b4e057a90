import { hubStatus } from "@/lib/explore/hub-status";
import { route } from "@/lib/http/route";
import { svcStatusOp } from "@/lib/openapi/paths-explore";

// GET /api/svc/status — this hub's identity, widget URL and event rate
export const GET = route(svcStatusOp, () => hubStatus());
