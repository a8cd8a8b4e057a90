import { route } from "@/lib/http/route";
import { shareDashboard } from "@/lib/quickshare/share-dashboard";
import { dashboardQuery } from "@/lib/schemas/quickshare";

// GET /quickshare/dashboard?from=&to= — owner analytics: lifetime, range, daily series, per share, recent
export const GET = route({ query: dashboardQuery, auth: "session" }, ({ query, session }) => shareDashboard({ owner: session.wallet, from: query.from, to: query.to }));
