import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { updateWebhookEndpointBody, webhookEndpointResponse } from "@/lib/schemas/webhooks";
import { loadOwnedEndpoint } from "./load-owned-endpoint";
import { toWebhookEndpointView } from "./webhook-views";

/** Disables or enables an endpoint, or changes its events or description. */
export async function updateWebhookEndpoint({
  endpointId,
  wallet,
  body,
}: {
  endpointId: string;
  wallet: string;
  body: z.infer<typeof updateWebhookEndpointBody>;
}): Promise<z.input<typeof webhookEndpointResponse>> {
  const { row, domain } = await loadOwnedEndpoint({ endpointId, wallet });
  const updated = await db.webhookEndpoint.update({
    where: { id: row.id },
    data: {
      ...(body.enabled !== undefined && { enabled: body.enabled }),
      ...(body.events && { events: [...new Set(body.events)].join(",") }),
      ...(body.description !== undefined && { description: body.description }),
    },
  });
  return { success: true, endpoint: toWebhookEndpointView(updated, domain) };
}
