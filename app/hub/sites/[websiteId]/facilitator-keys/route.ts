import { issueFacilitatorKey } from "@/lib/facilitator/issue-facilitator-key";
import { listFacilitatorKeys } from "@/lib/facilitator/list-facilitator-keys";
import { route } from "@/lib/http/route";
import { facilitatorKeyListResponse, issueFacilitatorKeyBody, issuedFacilitatorKeyResponse } from "@/lib/schemas/facilitator";
import { websiteIdParams } from "@/lib/schemas/sites";

// GET /hub/sites/<websiteId>/facilitator-keys — the site's facilitator keys (never the secrets)
export const GET = route({ params: websiteIdParams, auth: "session" }, async ({ params, session }) =>
  facilitatorKeyListResponse.parse(await listFacilitatorKeys({ siteId: params.websiteId, wallet: session.wallet })),
);

// POST /hub/sites/<websiteId>/facilitator-keys — issue a facilitator key (shown once); `replaces` rotates one
export const POST = route({ params: websiteIdParams, body: issueFacilitatorKeyBody, auth: "session" }, async ({ params, body, session }) =>
  issuedFacilitatorKeyResponse.parse(await issueFacilitatorKey({ siteId: params.websiteId, wallet: session.wallet, label: body.label, replaces: body.replaces })),
);
