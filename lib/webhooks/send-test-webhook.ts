import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { webhookDeliveryResponse } from "@/lib/schemas/webhooks";
import { newMessageId } from "./enqueue-webhooks";
import { loadOwnedEndpoint } from "./load-owned-endpoint";
import { TEST_EVENT } from "./webhook-events";
import { toWebhookDeliveryView } from "./webhook-views";

/**
 * Queues a `webhook.test` event for the endpoint, due at once: the worker delivers it like any other
 * (signed, retried, logged), so it proves the whole path. A disabled endpoint gets it once re-enabled.
 */
export async function sendTestWebhook({ endpointId, wallet }: { endpointId: string; wallet: string }): Promise<z.input<typeof webhookDeliveryResponse>> {
  const { row, domain } = await loadOwnedEndpoint({ endpointId, wallet });
  const now = new Date();
  const payload = JSON.stringify({
    type: TEST_EVENT,
    timestamp: now.toISOString(),
    data: { endpointId: row.id, network: env.NETWORK_MODE, siteId: row.siteId, domain, message: "A test event from the Paid Content Hub dashboard" },
  });
  const delivery = await db.webhookDelivery.create({
    data: { id: newMessageId(), endpointId: row.id, network: env.NETWORK_MODE, eventType: TEST_EVENT, payload, nextAttemptAt: now },
    include: { attemptLog: true },
  });
  return { success: true, delivery: toWebhookDeliveryView(delivery) };
}
