import { route } from "@/lib/http/route";
import { listSitesOp } from "@/lib/openapi/paths-sites";
import { listSites } from "@/lib/sites/list-sites";

// GET /hub/sites — the session wallet's sites with their tokens and verification state
export const GET = route({ ...listSitesOp, auth: "session" }, ({ session }) => listSites({ wallet: session.wallet }));
