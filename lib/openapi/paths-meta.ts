import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { operation } from "@/lib/http/operation";
import { readinessResponse } from "@/lib/schemas/health";
import { errors, json, pathsOf } from "./helpers";

const documentOp = (path: string, summary: string) =>
  operation({ method: "get", path, response: z.looseObject({ openapi: z.literal("3.1.0") }), doc: { tags: ["meta"], summary, answer: "The document" } });

export const openapiOp = documentOp("/api/openapi.json", "This OpenAPI 3.1.0 document");
const rootOpenapiOp = documentOp("/openapi.json", "This OpenAPI 3.1.0 document, where x402 indexers look first");
const wellKnownOpenapiOp = documentOp("/.well-known/openapi.json", "This OpenAPI 3.1.0 document at its well-known address");

const healthResponse = z.object({
  success: z.boolean(),
  network: z.enum(["testnet", "mainnet"]),
  database: z.enum(["ok", "down"]),
  chain: z.union([
    z.object({ status: z.literal("ok"), chainId: z.number().int(), usdc: z.object({ address: z.string(), name: z.string(), version: z.string(), decimals: z.number().int() }) }),
    z.object({ status: z.literal("down"), details: z.string() }),
  ]),
});

export const healthOp = operation({
  method: "get",
  path: "/health",
  response: healthResponse,
  doc: {
    tags: ["meta"],
    summary: "Liveness: database and chain status",
    description: "200 while the database answers (the chain may be down: payment routes then answer 503); 503 when the database is down. A container's liveness check; `/health/ready` is the readiness check.",
    answer: "The hub is up",
    responses: { "503": json(healthResponse, "The database is down") },
  },
});

export const readyOp = operation({
  method: "get",
  path: "/health/ready",
  response: readinessResponse.meta({ example: { ready: true, draining: false, database: "ok", chain: "ok", settler: "running" } }),
  doc: {
    tags: ["meta"],
    summary: "Readiness: may this instance receive traffic",
    description:
      "200 with `ready: true` once the database and the chain answer and the settler has started (or is turned off by `SETTLE_INTERVAL_MS=0`); 503 with `ready: false` before that, while the chain or the database is down, and while the instance drains on SIGTERM (`draining: true`). Use it as a load balancer's or orchestrator's readiness check, and `/health` as the liveness check.",
    answer: "Ready",
    responses: {
      "503": json(readinessResponse.meta({ example: { ready: false, draining: true, database: "ok", chain: "ok", settler: "running" } }), "Not ready (starting, a dependency down, or draining)"),
    },
  },
});

export const metricsOp = operation({
  method: "get",
  path: "/metrics",
  doc: {
    tags: ["meta"],
    summary: "Prometheus metrics of this instance (operators only)",
    description:
      "The Prometheus text exposition format (text/plain; version=0.0.4). Needs `Authorization: Bearer <METRICS_TOKEN>`; when METRICS_TOKEN is not configured the route answers 404. Series: `hub_http_requests_total` and `hub_http_request_duration_seconds` (method, route pattern, status); `hub_payment_events_total` (rail, status) and `hub_payments` (rail, status, from the database); `hub_gateway_authorizations` (locked, settling, settled, failed) and `hub_gateway_oldest_unsettled_age_seconds`; `hub_settlement_batches_total`, `hub_settlement_items_total`, `hub_settlement_gas_used_total`; `hub_chain_rpc_requests_total`, `hub_chain_rpc_errors_total`, `hub_chain_rpc_duration_seconds` (method); `hub_tip_events_total` (settled, held, released, refunded), `hub_tips_held`, `hub_tips_held_usdc`; `hub_rate_limit_refusals_total` (limit); `hub_settler_leader`, `hub_settler_last_pass_timestamp_seconds`; `hub_background_pass_duration_seconds` (job); `hub_in_flight_requests`, `hub_turn_waits_total`; and the process's `hub_process_*` / `hub_nodejs_*` defaults.",
    security: [{ metricsToken: [] }],
    answer: "The metrics",
    answerContent: {
      "text/plain": {
        schema: z.string(),
        example: "# HELP hub_settler_leader 1 while this instance holds the settler lease, else 0\n# TYPE hub_settler_leader gauge\nhub_settler_leader 1\n",
      },
    },
    responses: errors(401, 404),
  },
});

export const metaPaths: ZodOpenApiPathsObject = pathsOf(openapiOp, rootOpenapiOp, wellKnownOpenapiOp, healthOp, readyOp, metricsOp);
