import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { webhookDeliveryListResponse } from "@/lib/schemas/webhooks";
import { loadOwnedEndpoint } from "./load-owned-endpoint";
import { toWebhookDeliveryView } from "./webhook-views";

/** The endpoint's delivery log: its latest deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries({ endpointId, wallet, limit = 50 }: { endpointId: string; wallet: string; limit?: number }): Promise<z.input<typeof webhookDeliveryListResponse>> {
  const { row } = await loadOwnedEndpoint({ endpointId, wallet });
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId: row.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { attemptLog: true },
  });
  return { success: true, deliveries: rows.map(toWebhookDeliveryView) };
}
