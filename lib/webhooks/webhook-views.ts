import type { z } from "zod";
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "@/lib/generated/sqlite/client";
import type { webhookDeliveryView, webhookEndpointView } from "@/lib/schemas/webhooks";
import { parseEventList } from "./webhook-events";

/** An endpoint as lists show it, field by field: never its secret (the route's answer check sees any drift). */
export function toWebhookEndpointView(row: WebhookEndpoint, domain: string | null): z.input<typeof webhookEndpointView> {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    siteId: row.siteId,
    domain,
    events: [...parseEventList(row.events)],
    enabled: row.enabled,
    secretPrefix: row.secretPrefix,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A delivery with its attempts, oldest attempt first. */
export function toWebhookDeliveryView(row: WebhookDelivery & { attemptLog: WebhookAttempt[] }): z.input<typeof webhookDeliveryView> {
  return {
    id: row.id,
    eventType: row.eventType,
    // A plain string column, written only by deliver-webhooks.ts; the route's answer check sees any other value.
    status: row.status as z.input<typeof webhookDeliveryView>["status"],
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    attemptLog: [...row.attemptLog]
      .sort((a, b) => a.attempt - b.attempt)
      .map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), statusCode: a.statusCode, error: a.error, durationMs: a.durationMs })),
  };
}
