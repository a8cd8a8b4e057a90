import { issueFacilitatorKey } from "@/lib/facilitator/issue-facilitator-key";
import { listFacilitatorKeys } from "@/lib/facilitator/list-facilitator-keys";
import { route } from "@/lib/http/route";
import { issueFacilitatorKeyOp, listFacilitatorKeysOp } from "@/lib/openapi/paths-facilitator";

// GET /hub/sites/<websiteId>/facilitator-keys — the site's facilitator keys (never the secrets)
export const GET = route({ ...listFacilitatorKeysOp, auth: "session" }, async ({ params, session }) =>
  listFacilitatorKeys({ siteId: params.websiteId, wallet: session.wallet }),
);

// POST /hub/sites/<websiteId>/facilitator-keys — issue a facilitator key (shown once); `replaces` rotates one
export const POST = route({ ...issueFacilitatorKeyOp, auth: "session" }, async ({ params, body, session }) =>
  issueFacilitatorKey({ siteId: params.websiteId, wallet: session.wallet, label: body.label, replaces: body.replaces }),
);
