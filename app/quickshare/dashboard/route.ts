import { route } from "@/lib/http/route";
import { dashboardOp } from "@/lib/openapi/paths-quickshare";
import { shareDashboard } from "@/lib/quickshare/share-dashboard";

// GET /quickshare/dashboard?from=&to= — owner analytics: lifetime, range, daily series, per share, recent
export const GET = route({ ...dashboardOp, auth: "session" }, ({ query, session }) => shareDashboard({ owner: session.wallet, from: query.from, to: query.to }));
