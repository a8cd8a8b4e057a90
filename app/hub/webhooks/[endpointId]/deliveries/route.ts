import { route } from "@/lib/http/route";
import { webhookDeliveriesOp } from "@/lib/openapi/paths-webhooks";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

// GET /hub/webhooks/<endpointId>/deliveries — the endpoint's delivery log (attempts, status codes, next retry)
export const GET = route({ ...webhookDeliveriesOp, auth: "session" }, async ({ params, session }) =>
  listWebhookDeliveries({ endpointId: params.endpointId, wallet: session.wallet }),
);
