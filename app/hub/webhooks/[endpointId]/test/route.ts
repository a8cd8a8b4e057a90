import { route } from "@/lib/http/route";
import { testWebhookOp } from "@/lib/openapi/paths-webhooks";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";

// POST /hub/webhooks/<endpointId>/test — queue a webhook.test event for the endpoint
export const POST = route({ ...testWebhookOp, auth: "session" }, async ({ params, session }) =>
  sendTestWebhook({ endpointId: params.endpointId, wallet: session.wallet }),
);
