import { issueFacilitatorKey } from "@/lib/facilitator/issue-facilitator-key";
import { listFacilitatorKeys } from "@/lib/facilitator/list-facilitator-keys";
import { route } from "@/lib/http/route";
import { issueFacilitatorKeyOp, listFacilitatorKeysOp } from "@/lib/openapi/paths-facilitator";
import { facilitatorKeyListResponse, issuedFacilitatorKeyResponse } from "@/lib/schemas/facilitator";

// GET /hub/sites/<websiteId>/facilitator-keys — the site's facilitator keys (never the secrets)
export const GET = route({ ...listFacilitatorKeysOp, auth: "session" }, async ({ params, session }) =>
  facilitatorKeyListResponse.parse(await listFacilitatorKeys({ siteId: params.websiteId, wallet: session.wallet })),
);

// POST /hub/sites/<websiteId>/facilitator-keys — issue a facilitator key (shown once); `replaces` rotates one
export const POST = route({ ...issueFacilitatorKeyOp, auth: "session" }, async ({ params, body, session }) =>
  issuedFacilitatorKeyResponse.parse(await issueFacilitatorKey({ siteId: params.websiteId, wallet: session.wallet, label: body.label, replaces: body.replaces })),
);
