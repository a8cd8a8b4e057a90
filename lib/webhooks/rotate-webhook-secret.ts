import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { webhookSecretResponse } from "@/lib/schemas/webhooks";
import { loadOwnedEndpoint } from "./load-owned-endpoint";
import { toWebhookEndpointView } from "./webhook-views";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";

/** A new signing secret, returned this once; every attempt from now on (retries too) is signed with it. */
export async function rotateWebhookSecret({ endpointId, wallet }: { endpointId: string; wallet: string }): Promise<z.input<typeof webhookSecretResponse>> {
  const { row, domain } = await loadOwnedEndpoint({ endpointId, wallet });
  const secret = newWebhookSecret();
  const updated = await db.webhookEndpoint.update({ where: { id: row.id }, data: sealWebhookSecret(secret) });
  return { success: true, secret, endpoint: toWebhookEndpointView(updated, domain) };
}
