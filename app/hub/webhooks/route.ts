import { route } from "@/lib/http/route";
import { createWebhookOp, listWebhooksOp } from "@/lib/openapi/paths-webhooks";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";

// GET /hub/webhooks — the session wallet's webhook endpoints (never the secrets)
export const GET = route({ ...listWebhooksOp, auth: "session" }, async ({ session }) => listWebhookEndpoints({ wallet: session.wallet }));

// POST /hub/webhooks — register an endpoint for one site or all of the wallet's; the signing secret is shown once
export const POST = route({ ...createWebhookOp, auth: "session" }, async ({ body, session }) => createWebhookEndpoint({ wallet: session.wallet, body }));
