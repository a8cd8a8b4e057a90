import { route } from "@/lib/http/route";
import { rotateWebhookOp } from "@/lib/openapi/paths-webhooks";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

// POST /hub/webhooks/<endpointId>/rotate — a new signing secret (shown once); the old one signs nothing more
export const POST = route({ ...rotateWebhookOp, auth: "session" }, async ({ params, session }) =>
  rotateWebhookSecret({ endpointId: params.endpointId, wallet: session.wallet }),
);
