import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  webhookDeliveryListResponse,
  webhookDeliveryResponse,
  webhookEndpointIdParams,
  webhookEndpointListResponse,
  webhookEndpointResponse,
  webhookSecretResponse,
} from "@/lib/schemas/webhooks";
import { errors, json, jsonBody } from "./helpers";

const session = [{ session: [] }];

export const webhookPaths: ZodOpenApiPathsObject = {
  "/hub/webhooks": {
    get: {
      tags: ["webhooks"],
      summary: "Your webhook endpoints",
      description: "The session wallet's endpoints, newest first: URL, site (or wallet-wide), events, enabled, the secret's prefix. Never the secret. Also the event types there are.",
      security: session,
      responses: { "200": json(webhookEndpointListResponse, "The endpoints"), ...errors(401) },
    },
    post: {
      tags: ["webhooks"],
      summary: "Register a webhook endpoint",
      description:
        "Deliveries follow Standard Webhooks: a POST of `{ type, timestamp, data }` with `webhook-id`, `webhook-timestamp` and `webhook-signature` headers, signed with the secret returned here once (`whsec_…`). With `siteId` the endpoint receives that site's events (a site the wallet owns, else 404); without, every site the wallet owns and its share links. Events are queued with their ledger row and retried with exponential backoff for a day (same webhook-id). The URL must be http(s) to a public address; it is checked again at every attempt. At most 10 endpoints per wallet (409).",
      security: session,
      requestBody: jsonBody(createWebhookEndpointBody),
      responses: { "200": json(webhookSecretResponse, "The endpoint and its secret, shown once"), ...errors(401, 403, 404, 409) },
    },
  },
  "/hub/webhooks/{endpointId}": {
    patch: {
      tags: ["webhooks"],
      summary: "Disable, enable or change a webhook endpoint",
      description: "A disabled endpoint receives nothing; events keep queuing for it and are delivered once it is enabled again (within a day of the event).",
      security: session,
      requestParams: { path: webhookEndpointIdParams },
      requestBody: jsonBody(updateWebhookEndpointBody),
      responses: { "200": json(webhookEndpointResponse, "The endpoint"), ...errors(401, 403, 404) },
    },
    delete: {
      tags: ["webhooks"],
      summary: "Delete a webhook endpoint",
      description: "Deletes the endpoint, its queued deliveries and their log.",
      security: session,
      requestParams: { path: webhookEndpointIdParams },
      responses: { "200": json(webhookEndpointResponse, "The deleted endpoint"), ...errors(401, 403, 404) },
    },
  },
  "/hub/webhooks/{endpointId}/rotate": {
    post: {
      tags: ["webhooks"],
      summary: "Rotate a webhook endpoint's signing secret",
      description: "A new secret, returned this once; every attempt from now on, retries of queued events included, is signed with it.",
      security: session,
      requestParams: { path: webhookEndpointIdParams },
      responses: { "200": json(webhookSecretResponse, "The new secret, shown once"), ...errors(401, 403, 404) },
    },
  },
  "/hub/webhooks/{endpointId}/test": {
    post: {
      tags: ["webhooks"],
      summary: "Send a test event",
      description: "Queues a `webhook.test` event for the endpoint, due at once; the worker signs, delivers, retries and logs it like any event.",
      security: session,
      requestParams: { path: webhookEndpointIdParams },
      responses: { "200": json(webhookDeliveryResponse, "The queued delivery"), ...errors(401, 403, 404) },
    },
  },
  "/hub/webhooks/{endpointId}/deliveries": {
    get: {
      tags: ["webhooks"],
      summary: "A webhook endpoint's delivery log",
      description: "The latest 50 deliveries, newest first: event, status (pending, delivered, failed), attempts with time, HTTP status, error and duration, and the next retry.",
      security: session,
      requestParams: { path: webhookEndpointIdParams },
      responses: { "200": json(webhookDeliveryListResponse, "The deliveries"), ...errors(401, 404) },
    },
  },
};
