import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/webhook-events";

// ───────────── signed webhooks (docs/webhooks.md) ─────────────

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS).meta({ id: "WebhookEventType" });

export const webhookEndpointIdParams = z.object({ endpointId: z.string().min(1).max(100).meta({ description: "The endpoint id" }) });

const endpointUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(2048)
  .meta({ description: "Where deliveries are POSTed. Must resolve to a public address (checked at every attempt)", example: "https://example.com/hooks/hub" });

export const createWebhookEndpointBody = z
  .object({
    url: endpointUrl,
    events: z.array(webhookEventSchema).min(1).max(WEBHOOK_EVENTS.length).meta({ description: "The events this endpoint receives" }),
    siteId: z.string().min(1).max(100).optional().meta({ description: "Only this site's events (a site the session wallet owns); absent: every site the wallet owns and its share links" }),
    description: z.string().trim().max(200).optional(),
  })
  .meta({ id: "CreateWebhookEndpointRequest", example: { url: "https://example.com/hooks/hub", events: ["sale.completed", "tip.received"] } });

export const updateWebhookEndpointBody = z
  .object({
    enabled: z.boolean().optional().meta({ description: "false pauses deliveries (queued ones wait); true resumes them" }),
    events: z.array(webhookEventSchema).min(1).max(WEBHOOK_EVENTS.length).optional(),
    description: z.string().trim().max(200).optional(),
  })
  .meta({ id: "UpdateWebhookEndpointRequest", example: { enabled: false } });

export const webhookEndpointView = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    siteId: z.string().nullable(),
    domain: z.string().nullable().meta({ description: "The site's domain; null for a wallet-wide endpoint" }),
    events: z.array(z.string()),
    enabled: z.boolean(),
    secretPrefix: z.string().meta({ description: "The signing secret's first characters (never the secret)" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "WebhookEndpoint" });

export const webhookEndpointListResponse = z
  .object({ success: z.literal(true), events: z.array(webhookEventSchema), endpoints: z.array(webhookEndpointView) })
  .meta({ id: "WebhookEndpointList" });

export const webhookEndpointResponse = z.object({ success: z.literal(true), endpoint: webhookEndpointView }).meta({ id: "WebhookEndpointResult" });

export const webhookSecretResponse = z
  .object({
    success: z.literal(true),
    secret: z.string().meta({ description: "The signing secret (whsec_…), shown this once: give it to the Standard Webhooks verifier", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
    endpoint: webhookEndpointView,
  })
  .meta({ id: "WebhookEndpointSecret" });

export const webhookAttemptView = z
  .object({
    attempt: z.number().int(),
    at: z.iso.datetime(),
    statusCode: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when it did not answer (timeout, refused address, network)" }),
    error: z.string().nullable(),
    durationMs: z.number().int(),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDeliveryView = z
  .object({
    id: z.string().meta({ description: "The message id: the webhook-id header of every attempt" }),
    eventType: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    createdAt: z.iso.datetime(),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: "When the next attempt is due; null once delivered or given up" }),
    deliveredAt: z.iso.datetime().nullable(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    attemptLog: z.array(webhookAttemptView),
  })
  .meta({ id: "WebhookDelivery" });

export const webhookDeliveryListResponse = z
  .object({ success: z.literal(true), deliveries: z.array(webhookDeliveryView) })
  .meta({ id: "WebhookDeliveryList" });

export const webhookDeliveryResponse = z.object({ success: z.literal(true), delivery: webhookDeliveryView }).meta({ id: "WebhookDeliveryResult" });
