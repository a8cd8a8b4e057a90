import { revokeFacilitatorKey } from "@/lib/facilitator/revoke-facilitator-key";
import { route } from "@/lib/http/route";
import { revokeFacilitatorKeyOp } from "@/lib/openapi/paths-facilitator";
import { revokedFacilitatorKeyResponse } from "@/lib/schemas/facilitator";

// DELETE /hub/sites/<websiteId>/facilitator-keys/<keyId> — revoke a facilitator key
export const DELETE = route({ ...revokeFacilitatorKeyOp, auth: "session" }, async ({ params, session }) =>
  revokedFacilitatorKeyResponse.parse(await revokeFacilitatorKey({ siteId: params.websiteId, keyId: params.keyId, wallet: session.wallet })),
);
