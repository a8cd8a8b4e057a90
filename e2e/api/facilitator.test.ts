// The hub as a standard x402 facilitator for creators' own servers (issue 32). The witnesses are
// stock: examples/express-site (@x402/express + HTTPFacilitatorClient) runs as a child process, and
// @x402/fetch with ExactEvmScheme or Circle's BatchEvmScheme buys from it. Each sale is checked in
// the hub's ledger, explore and the payer's balance; every refusal records nothing.
import { BatchEvmScheme } from "@circle-fin/x402-batching/client";
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SchemeNetworkClient } from "@x402/core/types";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExampleSite, type ExampleSite } from "../support/example-site";
import { api, HUB_URL, metricSeries, signIn } from "../support/hub";
import { cleanupRun, createSite, newWallet, RUN, type FixtureSite } from "../support/sites";
import { chainAccess, freshPayer, gatewayAvailable, hubDb, NETWORK, paymentCounts, settled, signedPayment, usdc, USDC, usdcBalance } from "../support/x402";

const APP_PORT = Number(new URL(HUB_URL).port);
const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "1000000" }] };
const owner = newWallet();
let site: FixtureSite;
let cookie: string;
let key: string;
let express: ExampleSite;
let hono: ExampleSite | undefined;
let paidUrl: string;

function facilitator(path: "verify" | "settle", body: unknown, headers: Record<string, string> = { authorization: `Bearer ${key}` }) {
  return api(`/facilitator/${path}`, { json: body, headers });
}

async function issueKey(siteId: string, c = cookie, json: Record<string, unknown> = {}) {
  return api(`/hub/sites/${siteId}/facilitator-keys`, { json, cookie: c, origin: HUB_URL });
}

/** The example's 402 for the paid article, decoded. */
async function challenge(): Promise<PaymentRequired> {
  const res = await fetch(`${express.url}/articles/paid`);
  expect(res.status).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
}

/** A signed payment for the example's option (`gateway` or plain) and the facilitator request it makes. */
async function facilitatorRequest(opts: { gateway?: boolean; payer?: Awaited<ReturnType<typeof freshPayer>>; requirement?: (r: PaymentRequirements) => PaymentRequirements } = {}) {
  const required = await challenge();
  const base = required.accepts.find((r) => (r.extra?.name === "GatewayWalletBatched") === Boolean(opts.gateway))!;
  const requirement = opts.requirement ? opts.requirement(base) : base;
  const payer = opts.payer ?? (await freshPayer(opts.gateway ? { deposit: "1" } : { wallet: "1" }));
  const { payload } = await signedPayment({ requirement, signer: payer, resource: required.resource });
  return { payer, body: { x402Version: 2, paymentPayload: payload as PaymentPayload, paymentRequirements: requirement } };
}

async function salesOf(siteId: string) {
  return hubDb().payment.findMany({ where: { siteId }, include: { receipt: true }, orderBy: { createdAt: "asc" } });
}

/** A sale as the hub's public surfaces show it: its ledger row under the site's domain, and the page in explore. */
async function expectHubSale(paymentId: string, domain: string, url: string) {
  const ledger = await api(`/hub/ledger?domain=${domain}&limit=100`);
  expect(ledger.status).toBe(200);
  const row = ledger.body.activities.find((a: { paymentId?: string }) => a.paymentId === paymentId);
  expect(row).toMatchObject({ type: "payment", domain, paymentId });
  const explore = await api(`/hub/explore/content?q=${encodeURIComponent(domain)}`);
  const card = explore.body.content.find((c: { url: string }) => c.url === url);
  expect(card?.unlocks).toBeGreaterThanOrEqual(1);
}

beforeAll(async () => {
  site = await createSite({ owner: owner.address, domain: `creator-${RUN}.example`, name: `Creator ${RUN}` });
  cookie = await signIn(owner);
  const issued = await issueKey(site.id, cookie, { label: "express example" });
  expect(issued.status).toBe(200);
  key = issued.body.key;
  paidUrl = `http://${site.domain}/articles/paid`;
  express = await startExampleSite("express-site", {
    FACILITATOR_URL: `${HUB_URL}/facilitator`,
    FACILITATOR_KEY: key,
    PAY_TO: owner.address,
    PORT: String(APP_PORT + 10),
    PUBLIC_URL: `http://${site.domain}`,
  });
});

afterAll(async () => {
  await express?.stop();
  await hono?.stop();
  await cleanupRun();
});

describe("facilitator keys", () => {
  it("are shown once, stored hashed, listed without the secret, and only the owner may issue them", async () => {
    expect(key).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
    const row = await hubDb().facilitatorKey.findFirstOrThrow({ where: { siteId: site.id } });
    expect(row.keyHash).not.toContain(key.slice(3));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    const list = await api(`/hub/sites/${site.id}/facilitator-keys`, { cookie });
    expect(list.status).toBe(200);
    expect(list.body.facilitatorUrl).toBe(`${HUB_URL}/facilitator`);
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(list.body.keys[0]).toMatchObject({ prefix: key.slice(0, 10), label: "express example", revokedAt: null });

    const stranger = await signIn(newWallet());
    const refused = await issueKey(site.id, stranger);
    expect(refused.status).toBe(404);
    expect((await api(`/hub/sites/${site.id}/facilitator-keys`, { json: {} })).status).toBe(401);
  });

  it("rotate (the old key is revoked in the same step) and revoke", async () => {
    const first = await issueKey(site.id, cookie, { label: "to rotate" });
    const rotated = await issueKey(site.id, cookie, { label: "rotated", replaces: first.body.facilitatorKey.id });
    expect(rotated.status).toBe(200);
    expect(rotated.body.revoked).toBe(first.body.facilitatorKey.id);
    const { body } = await facilitatorRequest();
    const old = await facilitator("verify", body, { authorization: `Bearer ${first.body.key}` });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ isValid: false, invalidReason: "unauthorized", code: "unauthorized" });
    const fresh = await facilitator("verify", body, { authorization: `Bearer ${rotated.body.key}` });
    expect(fresh.body).toMatchObject({ isValid: true });
    const revoked = await api(`/hub/sites/${site.id}/facilitator-keys/${rotated.body.facilitatorKey.id}`, { method: "DELETE", cookie, origin: HUB_URL });
    expect(revoked.status).toBe(200);
    expect(revoked.body.facilitatorKey.revokedAt).not.toBeNull();
    expect((await facilitator("verify", body, { authorization: `Bearer ${rotated.body.key}` })).status).toBe(401);
  });
});

describe("GET /facilitator/supported", () => {
  it("names both forms on the hub's network, the extensions and the relayer", async () => {
    const res = await api("/facilitator/supported");
    expect(res.status).toBe(200);
    expect(res.body.kinds).toEqual([
      { x402Version: 2, scheme: "exact", network: NETWORK, extra: expect.objectContaining({ asset: USDC, verifyingContract: USDC }) },
      { x402Version: 2, scheme: "exact", network: NETWORK, extra: expect.objectContaining({ asset: USDC, name: "GatewayWalletBatched", version: "1" }) },
    ]);
    expect(res.body.extensions).toContain("payment-identifier");
    expect(res.body.signers[NETWORK]).toHaveLength(1);
  });
});

describe("a creator's Express server sells through the hub", () => {
  it("the free article needs no payment; the paid one answers 402 with both forms", async () => {
    expect((await fetch(`${express.url}/articles/free`)).status).toBe(200);
    const required = await challenge();
    expect(required.resource.url).toBe(paidUrl);
    expect(required.accepts.map((r) => r.extra?.name)).toEqual([expect.not.stringMatching(/Gateway/), "GatewayWalletBatched"]);
  });

  it("@x402/fetch + ExactEvmScheme buys the paid article: USDC moves, the sale is in the ledger and explore", async () => {
    const payer = await freshPayer({ wallet: "1" });
    const before = await usdcBalance(owner.address);
    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const res = await wrapFetchWithPayment(fetch, client)(`${express.url}/articles/paid`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("this paragraph is what you bought");
    const settle = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    expect(settle).toMatchObject({ success: true, network: NETWORK, payer: payer.address });
    expect(settle.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
    expect(await usdcBalance(owner.address)).toBe(before + usdc("0.01"));
    const payment = (await salesOf(site.id)).find((p) => p.payer === payer.address)!;
    expect(payment).toMatchObject({ rail: "eip3009", status: "settled", amountAtomic: 10_000n, feeAtomic: 0n, recipient: owner.address, txHash: settle.transaction });
    expect(payment.receipt).toMatchObject({ resourceUrl: paidUrl, paymentProvider: "x402-eip3009", revenueAtomic: 10_000n });

    await expectHubSale(payment.id, site.domain, paidUrl);
    const ledger = await api(`/hub/ledger?domain=${site.domain}&limit=100`);
    expect(ledger.body.activities.find((a: { paymentId?: string }) => a.paymentId === payment.id)).toMatchObject({ txHash: settle.transaction, payerWallet: payer.address });
  });

  it("Circle's BatchEvmScheme buys it with a Gateway payment: locked at once, settled by the batch", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const before = await usdcBalance(owner.address);
    const client = new x402Client()
      .register(NETWORK, new BatchEvmScheme(payer) as unknown as SchemeNetworkClient)
      .registerPolicy((_v, reqs) => reqs.filter((r) => r.extra?.name === "GatewayWalletBatched"))
      .setSpendControls(spend);
    const res = await wrapFetchWithPayment(fetch, client)(`${express.url}/articles/paid`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("this paragraph is what you bought");
    const settle = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    const payment = (await salesOf(site.id)).find((p) => p.payer === payer.address)!;
    expect(payment).toMatchObject({ rail: "gateway", amountAtomic: 10_000n });
    expect(settle).toMatchObject({ success: true, transaction: payment.id, network: NETWORK });
    await expectHubSale(payment.id, site.domain, paidUrl);

    const done = await settled(payment.id);
    expect(done.receipt?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await gatewayAvailable(payer.address)).toBe(usdc("0.99"));
    expect(await usdcBalance(owner.address)).toBe(before + usdc("0.01"));
  });
});

describe("a creator's Hono server sells through the hub too", () => {
  it("@x402/fetch buys its paid article; the sale is the Hono site's", async () => {
    const other = await createSite({ owner: owner.address, domain: `hono-${RUN}.example`, name: `Hono ${RUN}` });
    const issued = await issueKey(other.id);
    hono = await startExampleSite("hono-site", { FACILITATOR_URL: `${HUB_URL}/facilitator`, FACILITATOR_KEY: issued.body.key, PAY_TO: owner.address, PORT: String(APP_PORT + 11), PUBLIC_URL: `http://${other.domain}` });
    expect((await fetch(`${hono.url}/articles/free`)).status).toBe(200);
    const payer = await freshPayer({ wallet: "1" });
    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const res = await wrapFetchWithPayment(fetch, client)(`${hono.url}/articles/paid`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("this paragraph is what you bought");
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
    const [sale] = await salesOf(other.id);
    expect(sale).toMatchObject({ payer: payer.address, rail: "eip3009", status: "settled" });
    expect(sale!.receipt?.resourceUrl).toBe(`http://${other.domain}/articles/paid`);
    await expectHubSale(sale!.id, other.domain, `http://${other.domain}/articles/paid`);
  });
});

describe("the hub shows facilitated sales", () => {
  it("in the creator's dashboard and names the facilitator in /api/svc/status", async () => {
    const html = await api("/dashboard/sites", { cookie });
    expect(html.status).toBe(200);
    expect(html.body).toContain(paidUrl);
    expect(html.body).toContain(`${HUB_URL}/facilitator`);
    const status = await api("/api/svc/status");
    expect(status.body.hub.facilitator).toBe(`${HUB_URL}/facilitator`);
  });
});

describe("POST /facilitator/verify and /settle", () => {
  it("paid into the site's fee wallet, the 1 % platform fee is recorded as on the hub rail", async () => {
    const feeWallet = newWallet().address;
    await hubDb().site.update({ where: { id: site.id }, data: { feeWallet } });
    try {
      const { payer, body } = await facilitatorRequest({ requirement: (r) => ({ ...r, payTo: feeWallet }) });
      const res = await facilitator("settle", body);
      expect(res.body).toMatchObject({ success: true, payer: payer.address });
      const payment = await hubDb().payment.findUniqueOrThrow({ where: { id: res.body.extra.paymentId }, include: { receipt: true } });
      expect(payment).toMatchObject({ payTo: feeWallet, recipient: owner.address, amountAtomic: 10_000n, feeAtomic: 100n });
      expect(payment.receipt).toMatchObject({ revenueAtomic: 9_900n, protocolFeeAtomic: 100n });
      expect(await usdcBalance(feeWallet)).toBe(usdc("0.01"));
      const row = await hubDb().ledgerActivity.findFirstOrThrow({ where: { paymentId: payment.id } });
      expect(row).toMatchObject({ domain: site.domain, protocolFeeAtomic: 100n, revenueAtomic: 9_900n });
    } finally {
      await hubDb().site.update({ where: { id: site.id }, data: { feeWallet: null } });
    }
  });

  it("verify moves nothing; settle records once; a replayed settle is the same answer and one payment", async () => {
    const { payer, body } = await facilitatorRequest();
    const counts = await paymentCounts();
    const verified = await facilitator("verify", body);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ isValid: true, payer: payer.address });
    expect(await paymentCounts()).toEqual(counts);
    expect(await usdcBalance(payer.address)).toBe(usdc("1"));

    const first = await facilitator("settle", body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, payer: payer.address, network: NETWORK, amount: "10000", extra: { rail: "eip3009", status: "settled" } });
    const again = await facilitator("settle", body);
    expect(again.body).toEqual(first.body);
    expect(await paymentCounts()).toMatchObject({ payments: counts.payments + 1, receipts: counts.receipts + 1 });
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
  });

  it("a Gateway authorization settles once: again for the same page it replays the answer, for another page it is nonce_used", async () => {
    // The sale itself finds the payment already held for the nonce (nothing of the payer is read before it):
    // it is judged as the verify checks judge it.
    const { body } = await facilitatorRequest({ gateway: true });
    const counts = await paymentCounts();
    const first = await facilitator("settle", body);
    expect(first.body).toMatchObject({ success: true, extra: { rail: "gateway", status: "locked" } });
    // The same payment (its status may have moved on: the batch settler runs meanwhile).
    expect((await facilitator("settle", body)).body).toMatchObject({ success: true, extra: { paymentId: first.body.extra.paymentId } });
    const payload = body.paymentPayload as PaymentPayload & { resource: { url: string } };
    const elsewhere = { ...body, paymentPayload: { ...payload, resource: { ...payload.resource, url: `http://${site.domain}/articles/elsewhere-${RUN}` } } };
    expect((await facilitator("settle", elsewhere)).body).toMatchObject({ success: false, errorReason: "nonce_used" });
    expect((await facilitator("verify", elsewhere)).body).toMatchObject({ isValid: false, invalidReason: "nonce_used" });
    expect(await paymentCounts()).toMatchObject({ payments: counts.payments + 1, receipts: counts.receipts + 1 });
    expect(await hubDb().content.count({ where: { siteId: site.id, url: `http://${site.domain}/articles/elsewhere-${RUN}` } })).toBe(0);
  });

  it("a sale of an unchanged page leaves its Content row alone; a row that drifted is brought up to date", async () => {
    const sell = async () => expect((await facilitator("settle", (await facilitatorRequest()).body)).body).toMatchObject({ success: true });
    const where = { siteId: site.id, url: paidUrl };
    await sell();
    const before = await hubDb().content.findFirstOrThrow({ where });
    await sell();
    const after = await hubDb().content.findFirstOrThrow({ where });
    expect(after.lastSeenAt).toEqual(before.lastSeenAt); // rewritten at most once a minute
    expect(after.searchText).toBe(before.searchText);
    await hubDb().content.update({ where: { id: before.id }, data: { title: "Stale", searchText: "stale", lastSeenAt: new Date(Date.now() - 3_600_000) } });
    await sell();
    const fixed = await hubDb().content.findFirstOrThrow({ where });
    expect(fixed).toMatchObject({ id: before.id, title: before.title, searchText: before.searchText });
    expect(fixed.lastSeenAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([false, true])("two concurrent settles of one payload (gateway %s) are one payment with one answer", async (gateway) => {
    const { payer, body } = await facilitatorRequest({ gateway });
    const counts = await paymentCounts();
    const [a, b] = await Promise.all([facilitator("settle", body), facilitator("settle", body)]);
    expect(a.body).toMatchObject({ success: true, payer: payer.address });
    expect(b.body.extra?.paymentId).toBe(a.body.extra.paymentId);
    expect((await paymentCounts()).payments).toBe(counts.payments + 1);
    if (!gateway) expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
  });

  it("a deposit that covers one of three concurrent sales of new pages: one sale, two refusals, and no page row for a refused sale", async () => {
    // All three pass the checks before the payer's lock; the deposit is decided again under it, inside
    // the payment's transaction, which also writes the page's Content row: a refusal there (or before) leaves no row.
    const payer = await freshPayer({ deposit: "0.01" });
    const required = await challenge();
    const requirement = required.accepts.find((r) => r.extra?.name === "GatewayWalletBatched")!;
    const pages = [1, 2, 3].map((i) => `http://${site.domain}/articles/rail-refusal-${RUN}-${i}`);
    const bodies = await Promise.all(
      pages.map(async (url) => {
        const { payload } = await signedPayment({ requirement, signer: payer, resource: { ...required.resource, url } });
        return { x402Version: 2, paymentPayload: payload as PaymentPayload, paymentRequirements: requirement };
      }),
    );
    const counts = await paymentCounts();
    const answers = await Promise.all(bodies.map((body) => facilitator("settle", body)));
    const sold = answers.flatMap((a, i) => (a.body.success ? [pages[i]!] : []));
    expect(sold).toHaveLength(1);
    for (const a of answers) if (!a.body.success) expect(a.body).toMatchObject({ success: false, errorReason: "insufficient_funds" });
    expect((await paymentCounts()).payments).toBe(counts.payments + 1);
    const rows = await hubDb().content.findMany({ where: { siteId: site.id, url: { in: pages } }, select: { url: true, unlocks: true } });
    expect(rows).toEqual([{ url: sold[0], unlocks: 1 }]);
  });

  it("settle without verify settles (it runs every check itself)", async () => {
    const { payer, body } = await facilitatorRequest({ gateway: true });
    const res = await facilitator("settle", body);
    expect(res.body).toMatchObject({ success: true, payer: payer.address, extra: { rail: "gateway", status: "locked" } });
    expect(res.body.transaction).toBe(res.body.extra.paymentId);
    await settled(res.body.extra.paymentId);
    const later = await facilitator("settle", body);
    expect(later.body).toMatchObject({ success: true, extra: { status: "settled" } });
    expect(later.body.transaction).toMatch(/^0x[0-9a-f]{64}$/);
  });

  const refusals: Array<[string, () => Promise<{ body: unknown; headers?: Record<string, string> }>, number, string]> = [
    ["payTo not the site's wallet", async () => facilitatorRequest({ requirement: (r) => ({ ...r, payTo: newWallet().address }) }), 200, "payto_not_site_wallet"],
    ["amount above the ceiling", async () => facilitatorRequest({ requirement: (r) => ({ ...r, amount: "5000001" }), payer: await freshPayer({ wallet: "6" }) }), 200, "amount_above_ceiling"],
    ["another token", async () => facilitatorRequest({ requirement: (r) => ({ ...r, asset: newWallet().address }) }), 200, "asset_mismatch"],
    ["a resource on another domain", async () => {
      const r = await facilitatorRequest();
      return { body: { ...r.body, paymentPayload: { ...r.body.paymentPayload, resource: { url: "https://elsewhere.example/articles/paid" } } } };
    }, 200, "resource_not_on_site"],
    ["accepted differs from the requirements", async () => {
      const r = await facilitatorRequest();
      return { body: { ...r.body, paymentRequirements: { ...r.body.paymentRequirements, maxTimeoutSeconds: 60 } } };
    }, 200, "accepted_mismatch"],
    ["an unfunded payer", async () => facilitatorRequest({ payer: await freshPayer() }), 200, "insufficient_funds"],
    ["a malformed payload", async () => {
      const r = await facilitatorRequest();
      return { body: { ...r.body, paymentPayload: { ...r.body.paymentPayload, payload: { signature: "0xzz" } } } };
    }, 400, "invalid_payload"],
    ["no credential", async () => ({ ...(await facilitatorRequest()), headers: {} }), 401, "unauthorized"],
    ["a wrong credential", async () => ({ ...(await facilitatorRequest()), headers: { authorization: `Bearer fk_${"A".repeat(43)}` } }), 401, "unauthorized"],
    ["the widget token instead of a key", async () => ({ ...(await facilitatorRequest()), headers: { authorization: `Bearer ${site.token}` } }), 401, "unauthorized"],
  ];

  it.each(refusals)("refuses %s, on verify and on settle, and records nothing", async (_name, make, status, reason) => {
    const { body, headers } = await make();
    const counts = await paymentCounts();
    const sales = (await salesOf(site.id)).length;
    const h = headers ?? { authorization: `Bearer ${key}` };
    const v = await facilitator("verify", body, h);
    expect(v.status).toBe(status);
    expect(v.body).toMatchObject({ isValid: false, invalidReason: reason });
    const s = await facilitator("settle", body, h);
    expect(s.status).toBe(status);
    expect(s.body).toMatchObject({ success: false, errorReason: reason, transaction: "", network: NETWORK });
    expect(await paymentCounts()).toEqual(counts);
    expect((await salesOf(site.id)).length).toBe(sales);
  });

  it("refuses a site that is not verified (403), and serves it again once it is", async () => {
    const { body } = await facilitatorRequest();
    await hubDb().site.update({ where: { id: site.id }, data: { verified: false, verificationStatus: "failed" } });
    try {
      const counts = await paymentCounts();
      const v = await facilitator("verify", body);
      expect(v.status).toBe(403);
      expect(v.body).toMatchObject({ isValid: false, invalidReason: "site_not_verified" });
      const s = await facilitator("settle", body);
      expect(s.status).toBe(403);
      expect(s.body).toMatchObject({ success: false, errorReason: "site_not_verified" });
      expect(await paymentCounts()).toEqual(counts);
    } finally {
      await hubDb().site.update({ where: { id: site.id }, data: { verified: true, verificationStatus: "verified", lastVerifiedAt: new Date() } });
    }
    expect((await facilitator("verify", body)).body).toMatchObject({ isValid: true });
  });

  it("the chain down during settle: 503, nothing recorded; the same payload settles once it is back", async () => {
    const { payer, body } = await facilitatorRequest();
    const counts = await paymentCounts();
    await chainAccess(false);
    try {
      const down = await facilitator("settle", body);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ success: false, errorReason: "chain_unavailable", transaction: "" });
      expect(await paymentCounts()).toEqual(counts);
    } finally {
      await chainAccess(true);
    }
    const up = await facilitator("settle", body);
    expect(up.body).toMatchObject({ success: true, payer: payer.address, extra: { status: "settled" } });
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
  });

  it("a failure after the chain write ends in the settled answer on retry, paid once", async () => {
    const { payer, body } = await facilitatorRequest();
    const failed = await api("/facilitator/settle", { json: body, headers: { authorization: `Bearer ${key}`, "x-hub-test-fault": "record-after-chain" } });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ success: false, errorReason: "settlement_pending", code: "payment-not-recorded" });
    expect(failed.body.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
    const retried = await facilitator("settle", body);
    expect(retried.body).toMatchObject({ success: true, extra: { status: "settled" } });
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
    expect((await salesOf(site.id)).filter((p) => p.payer === payer.address)).toHaveLength(1);
  });
});

describe("a Gateway settle decided from a kept key, site and page (lib/facilitator/kept-facilitator-calls.ts)", () => {
  // A key of its own, so the copies these tests keep are theirs alone.
  let keptKey = "";
  let keptKeyId = "";
  beforeAll(async () => {
    const issued = await issueKey(site.id, cookie, { label: "kept calls" });
    expect(issued.status).toBe(200);
    keptKey = issued.body.key;
    keptKeyId = issued.body.facilitatorKey.id;
  });
  const settle = (body: unknown) => facilitator("settle", body, { authorization: `Bearer ${keptKey}` });
  /** hub_kept_sale_rows_total of the facilitator's calls, by result. */
  const keptCalls = async (): Promise<Record<string, number>> => {
    const of = await metricSeries();
    return Object.fromEntries(["hit", "miss", "renewed", "changed"].map((r) => [r, of(`hub_kept_sale_rows_total{kind="facilitator",result="${r}"}`)]));
  };
  const delta = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.keys(a).map((k) => [k, b[k]! - a[k]!]));
  /** Settles until this process keeps the paid page's call (the first sale may write the page; the next read keeps it). */
  const keepCopy = async () => {
    for (let i = 0; i < 3; i++) {
      const k0 = await keptCalls();
      expect((await settle((await facilitatorRequest({ gateway: true })).body)).body).toMatchObject({ success: true });
      if (delta(k0, await keptCalls()).hit === 1) return;
    }
    throw new Error("no kept copy after three settles");
  };
  const pageRow = () => hubDb().content.findFirstOrThrow({ where: { siteId: site.id, url: paidUrl } });

  it("sells from the kept copy while the rows hold; a replay still answers the first payment", async () => {
    await keepCopy();
    const { body } = await facilitatorRequest({ gateway: true });
    const k0 = await keptCalls();
    const counts = await paymentCounts();
    const first = await settle(body);
    expect(first.body).toMatchObject({ success: true, extra: { rail: "gateway", status: "locked" } });
    expect((await settle(body)).body).toMatchObject({ success: true, extra: { paymentId: first.body.extra.paymentId } });
    expect(delta(k0, await keptCalls())).toEqual({ hit: 2, miss: 0, renewed: 0, changed: 0 });
    expect(await paymentCounts()).toMatchObject({ payments: counts.payments + 1, ledger: counts.ledger + 1 });
  });

  it("eight concurrent settles from the kept copy: eight sales, each one payment, the page's counters moved by eight", async () => {
    await keepCopy();
    // One payer (its sales take turns at its lock), its authorizations signed one by one.
    const payer = await freshPayer({ deposit: "1" });
    const bodies = [];
    for (let i = 0; i < 8; i++) bodies.push((await facilitatorRequest({ gateway: true, payer })).body);
    const before = await pageRow();
    const counts = await paymentCounts();
    const k0 = await keptCalls();
    const answers = await Promise.all(bodies.map(settle));
    for (const a of answers) expect(a.body).toMatchObject({ success: true, extra: { rail: "gateway" } });
    expect(new Set(answers.map((a) => a.body.extra.paymentId)).size).toBe(8);
    expect(delta(k0, await keptCalls())).toMatchObject({ hit: 8, changed: 0 });
    expect(await paymentCounts()).toMatchObject({ payments: counts.payments + 8, ledger: counts.ledger + 8 });
    const after = await pageRow();
    expect(after.unlocks - before.unlocks).toBe(8);
    expect(after.revenueAtomic - before.revenueAtomic).toBe(80_000n);
  });

  it("a short deposit is refused once: the kept copy was right, so nothing is read again", async () => {
    await keepCopy();
    const payer = await freshPayer({ deposit: "0.005" });
    const { body } = await facilitatorRequest({ gateway: true, payer });
    const k0 = await keptCalls();
    const counts = await paymentCounts();
    expect((await settle(body)).body).toMatchObject({ success: false, errorReason: "insufficient_funds" });
    expect(delta(k0, await keptCalls())).toEqual({ hit: 1, miss: 0, renewed: 0, changed: 0 });
    expect(await paymentCounts()).toEqual(counts);
  });

  const behind: Array<[string, () => Promise<unknown>, () => Promise<unknown>, number, Record<string, unknown>]> = [
    [
      "the key revoked",
      () => hubDb().facilitatorKey.update({ where: { id: keptKeyId }, data: { revokedAt: new Date() } }),
      () => hubDb().facilitatorKey.update({ where: { id: keptKeyId }, data: { revokedAt: null } }),
      401,
      { success: false, errorReason: "unauthorized" },
    ],
    [
      "the site unverified",
      () => hubDb().site.update({ where: { id: site.id }, data: { verified: false, verificationStatus: "failed" } }),
      () => hubDb().site.update({ where: { id: site.id }, data: { verified: true, verificationStatus: "verified", lastVerifiedAt: new Date() } }),
      403,
      { success: false, errorReason: "site_not_verified" },
    ],
    [
      "the owner wallet moved (payTo is no longer the site's)",
      () => hubDb().site.update({ where: { id: site.id }, data: { ownerWallet: newWallet().address } }),
      () => hubDb().site.update({ where: { id: site.id }, data: { ownerWallet: owner.address } }),
      200,
      { success: false, errorReason: "payto_not_site_wallet" },
    ],
    [
      "the page blocked for agents",
      async () => hubDb().content.update({ where: { id: (await pageRow()).id }, data: { accessPolicy: JSON.stringify({ humans: "paid", agents: "blocked" }) } }),
      async () => hubDb().content.update({ where: { id: (await pageRow()).id }, data: { accessPolicy: "paid" } }),
      200,
      { success: false, errorReason: "audience_blocked" },
    ],
  ];

  it.each(behind)("%s behind the kept copy: the sale's check fails, the call is decided from a fresh read, nothing is written", async (_what, change, undo, status, answer) => {
    await keepCopy();
    const { body } = await facilitatorRequest({ gateway: true });
    const counts = await paymentCounts();
    const sales = (await salesOf(site.id)).length;
    const before = await pageRow();
    await change();
    try {
      const k0 = await keptCalls();
      const res = await settle(body);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject(answer);
      // Priced from the kept copy, refused by its sale's check, decided again from a read.
      expect(delta(k0, await keptCalls())).toEqual({ hit: 1, miss: 0, renewed: 1, changed: 1 });
      expect(await paymentCounts()).toEqual(counts);
      expect((await salesOf(site.id)).length).toBe(sales);
      expect(await pageRow()).toMatchObject({ unlocks: before.unlocks, revenueAtomic: before.revenueAtomic });
    } finally {
      await undo();
    }
    // Put back, the same authorization sells (it was never used).
    expect((await settle(body)).body).toMatchObject({ success: true });
  });

  it("a page whose title the creator changed is written from a fresh read, not from the kept copy", async () => {
    await keepCopy();
    const { body } = await facilitatorRequest({ gateway: true });
    const renamed = { ...body, paymentPayload: { ...body.paymentPayload, resource: { ...body.paymentPayload.resource!, description: `Renamed ${RUN}` } } };
    const k0 = await keptCalls();
    expect((await settle(renamed)).body).toMatchObject({ success: true });
    expect(delta(k0, await keptCalls())).toEqual({ hit: 1, miss: 0, renewed: 1, changed: 0 });
    expect(await pageRow()).toMatchObject({ title: `Renamed ${RUN}` });
  });
});
