import { revokeFacilitatorKey } from "@/lib/facilitator/revoke-facilitator-key";
import { route } from "@/lib/http/route";
import { facilitatorKeyIdParams, revokedFacilitatorKeyResponse } from "@/lib/schemas/facilitator";

// DELETE /hub/sites/<websiteId>/facilitator-keys/<keyId> — revoke a facilitator key
export const DELETE = route({ params: facilitatorKeyIdParams, auth: "session" }, async ({ params, session }) =>
  revokedFacilitatorKeyResponse.parse(await revokeFacilitatorKey({ siteId: params.websiteId, keyId: params.keyId, wallet: session.wallet })),
);
