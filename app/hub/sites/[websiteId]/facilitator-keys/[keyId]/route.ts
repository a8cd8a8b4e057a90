import { revokeFacilitatorKey } from "@/lib/facilitator/revoke-facilitator-key";
import { route } from "@/lib/http/route";
import { revokeFacilitatorKeyOp } from "@/lib/openapi/paths-facilitator";

// DELETE /hub/sites/<websiteId>/facilitator-keys/<keyId> — revoke a facilitator key
export const DELETE = route({ ...revokeFacilitatorKeyOp, auth: "session" }, async ({ params, session }) =>
  revokeFacilitatorKey({ siteId: params.websiteId, keyId: params.keyId, wallet: session.wallet }),
);
