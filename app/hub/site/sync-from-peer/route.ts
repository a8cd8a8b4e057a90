import { route } from "@/lib/http/route";
import { syncFromPeerOp } from "@/lib/openapi/paths-sites";
import { assertPeerSecret } from "@/lib/sites/assert-peer-secret";
import { syncFromPeer } from "@/lib/sites/sync-from-peer";

// POST /hub/site/sync-from-peer — copy verified identities from the peer hub (x-peer-secret, checked before the body)
export const POST = route({ ...syncFromPeerOp, guard: (req) => assertPeerSecret(req.headers.get("x-peer-secret")) }, ({ body }) => syncFromPeer(body));
