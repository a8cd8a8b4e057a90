import { route } from "@/lib/http/route";
import { mineOp } from "@/lib/openapi/paths-quickshare";
import { listMyShares } from "@/lib/quickshare/list-my-shares";

// GET /quickshare/mine — the owner's shares with their activity
export const GET = route({ ...mineOp, auth: "session" }, ({ session }) => listMyShares({ owner: session.wallet }));
