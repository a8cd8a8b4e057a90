import { route } from "@/lib/http/route";
import { listMyShares } from "@/lib/quickshare/list-my-shares";

// GET /quickshare/mine — the owner's shares with their activity
export const GET = route({ auth: "session" }, ({ session }) => listMyShares({ owner: session.wallet }));
