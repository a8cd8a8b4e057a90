import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { createWebhookEndpointBody, webhookSecretResponse } from "@/lib/schemas/webhooks";
import { loadOwnedSite } from "@/lib/sites/load-owned-site";
import { assertWebhookUrl } from "./assert-webhook-url";
import { toWebhookEndpointView } from "./webhook-views";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";

/** Endpoints one wallet may register. */
export const MAX_ENDPOINTS = 10;

/**
 * Registers an endpoint for the wallet: one site's events (a site it owns) or, without a site, every
 * site it owns and its share links. The signing secret is returned this once.
 */
export async function createWebhookEndpoint({
  wallet,
  body,
}: {
  wallet: string;
  body: z.infer<typeof createWebhookEndpointBody>;
}): Promise<z.input<typeof webhookSecretResponse>> {
  const site = body.siteId ? await loadOwnedSite({ siteId: body.siteId, wallet }) : null;
  assertWebhookUrl(body.url);
  const count = await db.webhookEndpoint.count({ where: { ownerWallet: wallet } });
  if (count >= MAX_ENDPOINTS) throw new ApiError("conflict", `${wallet} already has ${count} webhook endpoints; delete one first`);
  const secret = newWebhookSecret();
  const row = await db.webhookEndpoint.create({
    data: { ownerWallet: wallet, siteId: site?.id ?? null, url: body.url, description: body.description ?? "", events: [...new Set(body.events)].join(","), ...sealWebhookSecret(secret) },
  });
  return { success: true, secret, endpoint: toWebhookEndpointView(row, site?.domain ?? null) };
}
