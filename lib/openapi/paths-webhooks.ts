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
import { operation } from "@/lib/http/operation";
import { errors, pathsOf } from "./helpers";

const session = [{ session: [] }];

export const listWebhooksOp = operation({
  method: "get",
  path: "/hub/webhooks",
  response: webhookEndpointListResponse,
  doc: {
    tags: ["webhooks"],
    summary: "Your webhook endpoints",
    description: "The session wallet's endpoints, newest first: URL, site (or wallet-wide), events, enabled, the secret's prefix. Never the secret. Also the event types there are.",
    security: session,
    answer: "The endpoints",
    responses: errors(401),
  },
});

export const createWebhookOp = operation({
  method: "post",
  path: "/hub/webhooks",
  body: createWebhookEndpointBody,
  response: webhookSecretResponse,
  doc: {
    tags: ["webhooks"],
    summary: "Register a webhook endpoint",
    description:
      "Deliveries follow Standard Webhooks: a POST of `{ type, timestamp, data }` with `webhook-id`, `webhook-timestamp` and `webhook-signature` headers, signed with the secret returned here once (`whsec_…`). With `siteId` the endpoint receives that site's events (a site the wallet owns, else 404); without, every site the wallet owns and its share links. Events are queued with their ledger row and retried with exponential backoff for a day (same webhook-id). The URL must be http(s) to a public address; it is checked again at every attempt. At most 10 endpoints per wallet (409).",
    security: session,
    answer: "The endpoint and its secret, shown once",
    responses: errors(401, 403, 404, 409),
  },
});

export const updateWebhookOp = operation({
  method: "patch",
  path: "/hub/webhooks/{endpointId}",
  params: webhookEndpointIdParams,
  body: updateWebhookEndpointBody,
  response: webhookEndpointResponse,
  doc: {
    tags: ["webhooks"],
    summary: "Disable, enable or change a webhook endpoint",
    description: "A disabled endpoint receives nothing; events keep queuing for it and are delivered once it is enabled again (within a day of the event).",
    security: session,
    answer: "The endpoint",
    responses: errors(401, 403, 404),
  },
});

export const deleteWebhookOp = operation({
  method: "delete",
  path: "/hub/webhooks/{endpointId}",
  params: webhookEndpointIdParams,
  response: webhookEndpointResponse,
  doc: {
    tags: ["webhooks"],
    summary: "Delete a webhook endpoint",
    description: "Deletes the endpoint, its queued deliveries and their log.",
    security: session,
    answer: "The deleted endpoint",
    responses: errors(401, 403, 404),
  },
});

export const rotateWebhookOp = operation({
  method: "post",
  path: "/hub/webhooks/{endpointId}/rotate",
  params: webhookEndpointIdParams,
  response: webhookSecretResponse,
  doc: {
    tags: ["webhooks"],
    summary: "Rotate a webhook endpoint's signing secret",
    description: "A new secret, returned this once; every attempt from now on, retries of queued events included, is signed with it.",
    security: session,
    answer: "The new secret, shown once",
    responses: errors(401, 403, 404),
  },
});

export const testWebhookOp = operation({
  method: "post",
  path: "/hub/webhooks/{endpointId}/test",
  params: webhookEndpointIdParams,
  response: webhookDeliveryResponse,
  doc: {
    tags: ["webhooks"],
    summary: "Send a test event",
    description: "Queues a `webhook.test` event for the endpoint, due at once; the worker signs, delivers, retries and logs it like any event.",
    security: session,
    answer: "The queued delivery",
    responses: errors(401, 403, 404),
  },
});

export const webhookDeliveriesOp = operation({
  method: "get",
  path: "/hub/webhooks/{endpointId}/deliveries",
  params: webhookEndpointIdParams,
  response: webhookDeliveryListResponse,
  doc: {
    tags: ["webhooks"],
    summary: "A webhook endpoint's delivery log",
    description: "The latest 50 deliveries, newest first: event, status (pending, delivered, failed), attempts with time, HTTP status, error and duration, and the next retry.",
    security: session,
    answer: "The deliveries",
    responses: errors(401, 404),
  },
});

export const webhookPaths: ZodOpenApiPathsObject = pathsOf(
  listWebhooksOp, createWebhookOp, updateWebhookOp, deleteWebhookOp, rotateWebhookOp, testWebhookOp, webhookDeliveriesOp,
);
