import { route } from "@/lib/http/route";
import { verifiedIdentitiesOp } from "@/lib/openapi/paths-sites";
import { assertPeerSecret } from "@/lib/sites/assert-peer-secret";
import { listVerifiedIdentities } from "@/lib/sites/list-verified-identities";

// GET /hub/site/verified-identities — verified site identities for the peer hub (x-peer-secret)
export const GET = route({ ...verifiedIdentitiesOp, guard: (req) => assertPeerSecret(req.headers.get("x-peer-secret")) }, ({ query }) =>
  listVerifiedIdentities(query),
);
