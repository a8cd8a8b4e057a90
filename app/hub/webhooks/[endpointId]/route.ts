import { route } from "@/lib/http/route";
import { deleteWebhookOp, updateWebhookOp } from "@/lib/openapi/paths-webhooks";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook-endpoint";

// PATCH /hub/webhooks/<endpointId> — disable or enable an endpoint, or change its events
export const PATCH = route({ ...updateWebhookOp, auth: "session" }, async ({ params, body, session }) =>
  updateWebhookEndpoint({ endpointId: params.endpointId, wallet: session.wallet, body }),
);

// DELETE /hub/webhooks/<endpointId> — delete an endpoint and its queued deliveries
export const DELETE = route({ ...deleteWebhookOp, auth: "session" }, async ({ params, session }) =>
  deleteWebhookEndpoint({ endpointId: params.endpointId, wallet: session.wallet }),
);
