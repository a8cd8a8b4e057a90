// GET /metrics: Prometheus text behind METRICS_TOKEN (scripts/test.mjs configures one), with every
// series issue 18 lists, moving when the hub does real work (a paid unlock, its settlement, chain
// calls). The 404 without a token is checked on an instance started without one (ops-restart.test.ts).
import type { PaymentRequirements } from "@x402/core/types";
import { beforeAll, describe, expect, it } from "vitest";
import { blogRequest, cleanupBlogs, createBlog } from "../support/blog";
import { api, expectError } from "../support/hub";
import { closeDb, person } from "../support/quickshare";
import { challengeFor, eventually, freshPayer, pay, settled, signedPayment } from "../support/x402";

const TOKEN = process.env.METRICS_TOKEN!;
const CONTENT = { contentId: "liner-notes" };

async function scrape(): Promise<string> {
  const res = await api<string>("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The sum of every sample of `name` whose labels do not match `except`. */
function total(text: string, name: string, except: RegExp): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith(`${name}{`) && !except.test(line)) sum += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return sum;
}

/** The value of one sample (`name{labels}`), 0 when absent; labels match in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const [, rawLabels = "", value] = /^[^{ ]+(?:\{(.*)\})? (.+)$/.exec(line) ?? [];
    if (Object.entries(labels).every(([k, v]) => rawLabels.includes(`${k}="${v}"`))) return Number(value);
  }
  return 0;
}

describe("GET /metrics", () => {
  beforeAll(() => {
    if (!TOKEN) throw new Error("METRICS_TOKEN is not set: run the API tests through scripts/test.mjs");
  });

  it.each([
    ["no Authorization", {}],
    ["a wrong token", { authorization: "Bearer not-the-metrics-token-at-all-0000" }],
    ["the token without Bearer", { authorization: TOKEN }],
  ])("answers 401 with %s", async (_what, headers) => {
    const res = await api("/metrics", { headers: headers as Record<string, string> });
    expectError(res, 401, "unauthorized");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("lists every series the operator needs", async () => {
    expect((await api("/health")).status).toBe(200);
    const text = await scrape();
    for (const name of [
      "hub_http_requests_total", "hub_http_request_duration_seconds", "hub_payment_events_total", "hub_payments",
      "hub_gateway_authorizations", "hub_gateway_oldest_unsettled_age_seconds", "hub_settlement_batches_total",
      "hub_settlement_gas_used_total", "hub_settlement_items_total", "hub_chain_rpc_requests_total", "hub_chain_rpc_errors_total",
      "hub_chain_rpc_duration_seconds", "hub_tip_events_total", "hub_tips_held", "hub_tips_held_usdc",
      "hub_rate_limit_refusals_total", "hub_settler_leader", "hub_in_flight_requests", "hub_turn_waits_total", "hub_process_cpu_seconds_total",
      "hub_background_pass_duration_seconds", "hub_nodejs_eventloop_lag_p99_seconds", "hub_nodejs_gc_duration_seconds",
      "hub_nodejs_heap_live_bytes",
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    }
    for (const status of ["locked", "settling", "settled", "failed"]) {
      expect(text).toMatch(new RegExp(`^hub_gateway_authorizations\\{status="${status}"\\} \\d+$`, "m"));
    }
    // The /health request above is counted under its route pattern.
    expect(sample(text, "hub_http_requests_total", { method: "GET", route: "/health", status: "200" })).toBeGreaterThan(0);
  });

  it("counts the database statements by how their plan was made, raw and model", async () => {
    // The same explore page, twice: its statements are raw ones of a learned shape by now (the settler's and
    // the deposit index's passes have been running since the hub started), sent to the driver directly.
    for (let i = 0; i < 2; i++) expect((await api("/hub/explore/content?limit=5")).status).toBe(200);
    const text = await scrape();
    expect(text).toMatch(/^# TYPE hub_db_query_plans gauge$/m);
    expect(sample(text, "hub_db_query_plans", { kind: "raw", how: "direct" })).toBeGreaterThan(0);
    for (const how of ["compiled", "planned"]) expect(text).toMatch(new RegExp(`^hub_db_query_plans\\{kind="model",how="${how}"\\} \\d+$`, "m"));
  });

  it("counts a paid unlock, its settlement, the chain calls behind them and the request's route pattern", async () => {
    const [, gateway] = (await challengeFor(CONTENT)).accepts as [PaymentRequirements, PaymentRequirements];
    const payer = await freshPayer({ deposit: "1" });
    const before = await scrape();

    const signed = await signedPayment({ requirement: gateway, signer: payer });
    const res = await pay(CONTENT, { "payment-signature": signed.header });
    expect(res.status).toBe(200);
    await settled(res.body.payment.paymentId);

    const after = await eventually(async () => {
      const text = await scrape();
      return sample(text, "hub_payment_events_total", { rail: "gateway", status: "settled" }) > sample(before, "hub_payment_events_total", { rail: "gateway", status: "settled" }) && text;
    }, { what: "the settlement to be counted" });
    const grew = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(grew("hub_payment_events_total", { rail: "gateway", status: "locked" })).toBeGreaterThanOrEqual(1);
    expect(grew("hub_http_requests_total", { method: "POST", route: "/hub/pay", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(grew("hub_http_request_duration_seconds_count", { method: "POST", route: "/hub/pay", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(grew("hub_chain_rpc_requests_total", { method: "eth_call" })).toBeGreaterThanOrEqual(1);
    expect(grew("hub_gateway_authorizations", { status: "settled" })).toBeGreaterThanOrEqual(1);
    expect(grew("hub_settlement_batches_total", { status: "confirmed" })).toBeGreaterThanOrEqual(1);
    expect(grew("hub_settlement_gas_used_total")).toBeGreaterThan(0);
    expect(sample(after, "hub_settler_leader")).toBe(1);
    expect(grew("hub_background_pass_duration_seconds_count", { job: "settler" })).toBeGreaterThanOrEqual(1);
  });

  it("counts a hosted blog's request once, under the blog route it is served by", async () => {
    const blog = await createBlog(await person(), "metrics");
    try {
      const before = await scrape();
      for (let i = 0; i < 3; i++) {
        const res = await blogRequest(blog.domain, "/api/svc/status");
        expect(res.status).toBe(200);
        expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      }
      const after = await scrape();
      const labels = { method: "GET", route: "/sb/[host]/api/svc/status", status: "200" };
      expect(sample(after, "hub_http_requests_total", labels) - sample(before, "hub_http_requests_total", labels)).toBe(3);
      // Nothing else was counted for them (the request passes the server's hook once, not again after the host rewrite).
      const others = (text: string) => total(text, "hub_http_requests_total", /route="\/metrics"|route="\/sb\/\[host\]\/api\/svc\/status"/);
      expect(others(after) - others(before)).toBe(0);
      expect(sample(after, "hub_in_flight_requests")).toBe(sample(before, "hub_in_flight_requests"));
    } finally {
      await cleanupBlogs();
      await closeDb();
    }
  });

  it("gives each response a request id, keeping a sane one the caller sent", async () => {
    const mine = await api("/health", { headers: { "x-request-id": "metrics-test-req-0001" } });
    expect(mine.headers.get("x-request-id")).toBe("metrics-test-req-0001");
    const fresh = await api("/health", { headers: { "x-request-id": "bad id with spaces" } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
