import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { webhookEndpointResponse } from "@/lib/schemas/webhooks";
import { loadOwnedEndpoint } from "./load-owned-endpoint";
import { toWebhookEndpointView } from "./webhook-views";

/** Deletes an endpoint with its queued deliveries and their log. */
export async function deleteWebhookEndpoint({ endpointId, wallet }: { endpointId: string; wallet: string }): Promise<z.input<typeof webhookEndpointResponse>> {
  const { row, domain } = await loadOwnedEndpoint({ endpointId, wallet });
  await db.webhookEndpoint.delete({ where: { id: row.id } });
  return { success: true, endpoint: toWebhookEndpointView(row, domain) };
}
