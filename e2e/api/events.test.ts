import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { api, expectError, signIn } from "../support/hub";
import { cleanupRun, createSite, type FixtureSite, newWallet, RUN } from "../support/sites";

const db = testDb();
let site: FixtureSite;
const word = `evt${RUN}`;

beforeAll(async () => {
  site = await createSite({ name: `Event Press ${word}` });
});

const send = (body: unknown, headers: Record<string, string> = {}, path = "/hub/evt") => api(path, { json: body, headers });
const fromSite = () => ({ origin: `https://${site.domain}` });
const base = () => ({ siteId: site.id, token: site.token });
const eventsOf = (siteId: string) => db.widgetEvent.count({ where: { siteId } });
const cardFor = async (q: string, externalId: string) => {
  const res = await api(`/hub/explore/content?q=${encodeURIComponent(q)}&limit=500`);
  return (res.body.content as Array<Record<string, unknown>>).find((c) => c.externalId === externalId);
};


afterAll(cleanupRun);
describe("POST /hub/evt — refusals record nothing", () => {
  const cases: Array<[string, () => unknown, Record<string, string> | (() => Record<string, string>), number, string, string?]> = [
    ["an empty body", () => ({}), fromSite, 400, "invalid-request", "siteId"],
    ["no token", () => ({ siteId: site.id }), fromSite, 400, "invalid-request", "token"],
    ["no siteId", () => ({ token: site.token }), fromSite, 400, "invalid-request", "siteId"],
    ["an unknown event kind", () => ({ ...base(), event: "purchase" }), fromSite, 400, "invalid-request", "event"],
    ["a wrong token", () => ({ ...base(), token: "0".repeat(48) }), fromSite, 403, "invalid-site-credentials"],
    ["an unknown site", () => ({ ...base(), siteId: "00000000-0000-4000-8000-000000000000" }), fromSite, 403, "invalid-site-credentials"],
    ["a foreign Origin", () => ({ ...base(), url: `https://${site.domain}/a` }), { origin: "https://evil.example" }, 403, "unknown-origin"],
    ["a look-alike Origin", () => base(), () => ({ origin: `https://${site.domain}.evil.example` }), 403, "unknown-origin"],
    ["no origin and no url", () => base(), {}, 403, "unknown-origin"],
    ["an opaque Origin", () => ({ ...base(), url: `https://${site.domain}/` }), { origin: "null" }, 403, "unknown-origin"],
    ["a page url on another domain", () => ({ ...base(), url: "https://evil.example/x" }), fromSite, 403, "unknown-origin"],
    ["a resource url on another domain", () => ({ ...base(), event: "resource_view", resource: { id: "a1", url: "https://evil.example/a1" } }), fromSite, 403, "unknown-origin"],
    ["a content id with spaces", () => ({ ...base(), event: "resource_view", resource: { id: "my post" } }), fromSite, 403, "invalid-content-id"],
    ["a content id with markup", () => ({ ...base(), event: "resource_view", resource: { id: "<script>" } }), fromSite, 403, "invalid-content-id"],
    ["a content id starting with a dot", () => ({ ...base(), event: "resource_view", resource: { id: "../etc" } }), fromSite, 403, "invalid-content-id"],
    ["a too long content id", () => ({ ...base(), event: "resource_view", resource: { id: "a".repeat(201) } }), fromSite, 403, "invalid-content-id"],
    ["an empty content id", () => ({ ...base(), event: "resource_view", resource: { id: "" } }), fromSite, 400, "invalid-request", "resource.id"],
    ["a resource event without a resource", () => ({ ...base(), event: "resource_view" }), fromSite, 400, "invalid-request", "resource.id"],
    ["a bad price", () => ({ ...base(), event: "resource_view", resource: { id: "p1", price: "cheap" } }), fromSite, 400, "invalid-request", "resource.price"],
    ["a price with 7 decimals", () => ({ ...base(), event: "resource_view", resource: { id: "p1", price: "0.0000001" } }), fromSite, 400, "invalid-request", "resource.price"],
    ["a negative price", () => ({ ...base(), event: "resource_view", resource: { id: "p1", price: -1 } }), fromSite, 400, "invalid-request", "resource.price"],
    ["an unknown content type", () => ({ ...base(), event: "resource_view", resource: { id: "p1", type: "podcast" } }), fromSite, 400, "invalid-request", "resource.type"],
    ["a malformed recipient", () => ({ ...base(), event: "resource_view", resource: { id: "p1", recipient: "0x12" } }), fromSite, 400, "invalid-request", "resource.recipient"],
    ["a recipient who does not own the site", () => ({ ...base(), event: "resource_view", resource: { id: "p1", recipient: newWallet().address } }), fromSite, 403, "recipient-not-site-owner"],
    ["a rating out of range", () => ({ ...base(), event: "content_rating", resource: { id: "p1" }, rating: 51 }), fromSite, 400, "invalid-request", "rating"],
  ];

  it.each(cases)("refuses %s", async (_label, body, headers, status, code, field) => {
    const before = await eventsOf(site.id);
    const contentBefore = await db.content.count({ where: { siteId: site.id } });
    const res = await send(body(), typeof headers === "function" ? headers() : headers);
    const err = expectError(res, status, code);
    if (field) expect(err.details).toContain(field);
    expect(await eventsOf(site.id)).toBe(before);
    expect(await db.content.count({ where: { siteId: site.id } })).toBe(contentBefore);
  });

  it("refuses malformed JSON", async () => {
    expectError(await api("/hub/evt", { body: "{nope", headers: fromSite() }), 400, "invalid-json");
  });

  it("refuses a removed site", async () => {
    const wallet = newWallet();
    const gone = await createSite({ owner: wallet.address });
    const cookie = await signIn(wallet);
    expect((await api(`/hub/sites/${gone.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expectError(await send({ siteId: gone.id, token: gone.token }, { origin: `https://${gone.domain}` }), 403, "site-removed");
    expect(await eventsOf(gone.id)).toBe(0);
  });

  it("refuses a site that is not verified (the widget is not found on its page)", async () => {
    const pending = await createSite({ verified: false });
    const err = expectError(await send({ siteId: pending.id, token: pending.token, url: `https://${pending.domain}/` }, { origin: `https://${pending.domain}` }), 403, "site-not-verified");
    expect(err.details).toContain(pending.domain);
    expect(await eventsOf(pending.id)).toBe(0);
  });

  it("refuses a site whose verification is stale", async () => {
    const stale = await createSite({ lastVerifiedAt: new Date(Date.now() - 31 * 86_400_000) });
    expectError(await send({ siteId: stale.id, token: stale.token, url: `https://${stale.domain}/` }, { origin: `https://${stale.domain}` }), 403, "verification-stale");
    expect(await eventsOf(stale.id)).toBe(0);
  });
});

describe("POST /hub/evt — events create content and feed its counters", () => {
  it("creates a content record from a resource_view and shows it in explore with its counters", async () => {
    const id = `post-${RUN}`;
    const url = `https://${site.domain}/article/${id}`;
    const resource = { id, title: `Slow ${word} essay`, url, type: "article", price: "0.25", description: "On patience.", tags: ["Essay", "slow"] };
    const res = await send({ ...base(), event: "resource_view", url, resource, actor: "agent" }, fromSite());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, event: "resource_view", contentId: expect.any(String), counted: true });

    const card = await cardFor(word, id);
    expect(card).toMatchObject({
      id: res.body.contentId,
      websiteId: site.id,
      websiteName: `Event Press ${word}`,
      websiteDomain: site.domain,
      websiteVerified: true,
      websiteVerificationStatus: "verified",
      title: `Slow ${word} essay`,
      description: "On patience.",
      contentType: "article",
      tags: "Essay,slow",
      tagList: ["Essay", "slow"],
      tagsTentative: false,
      url,
      path: `/article/${id}`,
      currency: "USDC",
      price: 0.25,
      recipientWallet: site.owner,
      accessPolicy: "paid",
      unlockPolicy: "one_time",
      externalId: id,
      views: 1,
      unlocks: 0,
      revenue: 0,
      ratings: 0,
      reputationScore: null,
      reputationStars: null,
      lastSeenAt: expect.any(String),
    });

    // page_view: a site view, not a content view; unlock_started counts nothing.
    expect((await send({ ...base(), event: "page_view", url, resource: { id } }, fromSite())).status).toBe(200);
    expect((await send({ ...base(), event: "unlock_started", url, resource: { id } }, fromSite())).status).toBe(200);
    expect((await send({ ...base(), event: "resource_view", url, resource: { id } }, fromSite())).status).toBe(200);
    expect((await send({ ...base(), event: "unlock_completed", url, resource: { id } }, fromSite())).status).toBe(200);
    expect((await send({ ...base(), event: "payment_completed", url, resource: { id } }, fromSite())).status).toBe(200);
    expect((await send({ ...base(), event: "content_rating", url, resource: { id }, rating: 40 }, fromSite())).status).toBe(200);
    expect(await cardFor(word, id)).toMatchObject({ views: 2, unlocks: 1, title: `Slow ${word} essay`, price: 0.25 });

    const day = new Date().toISOString().slice(0, 10);
    const metric = await db.dailyMetric.findFirstOrThrow({ where: { siteId: site.id, contentId: res.body.contentId, day } });
    expect(metric).toMatchObject({ views: 2, unlocks: 1, payments: 1, ratings: 1 });
    const siteMetric = await db.dailyMetric.findFirstOrThrow({ where: { siteId: site.id, contentId: "", day } });
    expect(siteMetric.views).toBeGreaterThanOrEqual(1);
    const ledger = await db.ledgerActivity.findMany({ where: { contentId: res.body.contentId }, orderBy: { timestamp: "asc" } });
    expect(ledger.map((l) => l.type)).toEqual(["view", "view", "unlock"]);
    expect(ledger[0]).toMatchObject({ network: "testnet", websiteId: site.id, domain: site.domain, contentUrl: url, actor: "agent" });
    expect(await db.widgetEvent.count({ where: { contentId: res.body.contentId } })).toBe(7);
  });

  it("updates the record from later events; publisher tags replace tentative ones and search follows the title", async () => {
    const id = `upd-${RUN}`;
    const url = `https://${site.domain}/music/${id}`;
    const first = await send({ ...base(), event: "resource_view", url, resource: { id, title: `Old ${word} title`, type: "music", price: 1 } }, fromSite());
    await db.content.update({ where: { id: first.body.contentId }, data: { tags: "auto", tagsTentative: true } });
    const owner2 = newWallet().address;
    await db.siteOwnerWallet.create({ data: { siteId: site.id, wallet: owner2 } });
    await send({ ...base(), event: "page_view", url, resource: { id, title: `New ${word} title renamed`, price: "0.5", recipient: owner2.toLowerCase(), tags: "lofi, beats", access: { humans: "paid", agents: "free" }, unlock: { mode: "one_time" } } }, fromSite());
    const card = await cardFor(`${word} renamed`, id);
    expect(card).toMatchObject({ title: `New ${word} title renamed`, contentType: "music", price: 0.5, recipientWallet: owner2, tags: "lofi,beats", tagsTentative: false });
    expect(JSON.parse(card!.accessPolicy as string)).toEqual({ humans: "paid", agents: "free" });
    expect(JSON.parse(card!.unlockPolicy as string)).toEqual({ mode: "one_time" });
    expect(await cardFor(`old ${word}`, id)).toBeUndefined();
  });

  it("does not count an unlock or payment twice when it names a hub payment", async () => {
    const id = `paid-${RUN}`;
    const url = `https://${site.domain}/video/${id}`;
    const first = await send({ ...base(), event: "resource_view", url, resource: { id } }, fromSite());
    const payment = await db.payment.create({
      data: {
        network: "testnet", chainId: 5042002, rail: "transfer", status: "settled", resourceType: "content", resourceId: first.body.contentId,
        payer: newWallet().address, payTo: site.owner, recipient: site.owner, amountAtomic: 10_000n, txHash: `0x${randomBytes(32).toString("hex")}`,
      },
    });
    const a = await send({ ...base(), event: "unlock_completed", url, resource: { id }, paymentId: payment.id }, fromSite());
    const b = await send({ ...base(), event: "payment_completed", url, resource: { id }, txHash: payment.txHash }, fromSite());
    expect([a.body.counted, b.body.counted]).toEqual([false, false]);
    const row = await db.content.findUniqueOrThrow({ where: { id: first.body.contentId } });
    expect(row.unlocks).toBe(0);
    expect(await db.ledgerActivity.count({ where: { contentId: row.id, type: "unlock" } })).toBe(0);
    const c = await send({ ...base(), event: "unlock_completed", url, resource: { id }, paymentId: "not-a-hub-payment" }, fromSite());
    expect(c.body.counted).toBe(true);
    expect((await db.content.findUniqueOrThrow({ where: { id: row.id } })).unlocks).toBe(1);
    await db.payment.delete({ where: { id: payment.id } }); // a fixture: leave no payment behind for other tests' totals
  });

  it("accepts a beacon (text/plain), a subdomain origin, a Referer, a url alone, and the legacy routes", async () => {
    const id = `legacy-${RUN}`;
    const url = `https://blog.${site.domain}/x/${id}`;
    const body = { ...base(), event: "resource_view", url, resource: { id } };
    const beacon = await api("/hub/evt", { body: JSON.stringify(body), headers: { "content-type": "text/plain;charset=UTF-8", origin: `https://www.${site.domain}` } });
    expect(beacon.status).toBe(200);
    expect((await send(body, { referer: url })).status).toBe(200);
    expect((await send(body)).status).toBe(200);
    expect((await send(body, fromSite(), "/hub/track")).body).toMatchObject({ success: true, counted: true });
    expect((await send(body, fromSite(), "/api/hub/track")).body).toMatchObject({ success: true, counted: true });
    expect((await send(body, fromSite(), "/api/hub/evt")).status).toBe(200);
    expect((await db.content.findFirstOrThrow({ where: { siteId: site.id, externalId: id } })).views).toBe(6);
  });

  it("keeps one record per content id under concurrent first events", async () => {
    const id = `burst-${RUN}`;
    const url = `https://${site.domain}/image/${id}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => send({ ...base(), event: "resource_view", url, resource: { id, type: "image" } }, fromSite())));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const rows = await db.content.findMany({ where: { siteId: site.id, externalId: id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.views).toBe(8);
  });

  it("counts a burst of page views and item views on one site exactly, each event one row", async () => {
    // A page view without a resource is one statement of its own; an item's event writes its rows in one
    // round trip after the item (lib/events/ingest-event.ts). Both move the site's daily metrics at once.
    const burst = await createSite({ name: `Burst Press ${word}` });
    const id = `crowd-${RUN}`;
    const event = (kind: string, resource?: object) =>
      send({ siteId: burst.id, token: burst.token, event: kind, url: `https://${burst.domain}/p/${id}`, ...(resource ? { resource } : {}) }, { origin: `https://${burst.domain}` });
    await event("resource_view", { id, title: "Crowded room" }); // the item exists before the burst
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () => event("page_view")),
      ...Array.from({ length: 12 }, () => event("resource_view", { id })),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(24).fill(200));
    expect(results.slice(0, 12).map((r) => r.body.contentId)).toEqual(Array(12).fill(null));

    const item = await db.content.findFirstOrThrow({ where: { siteId: burst.id, externalId: id } });
    expect(item.views).toBe(13);
    const day = new Date().toISOString().slice(0, 10);
    expect((await db.dailyMetric.findFirstOrThrow({ where: { siteId: burst.id, contentId: "", day } })).views).toBe(12);
    expect((await db.dailyMetric.findFirstOrThrow({ where: { siteId: burst.id, contentId: item.id, day } })).views).toBe(13);
    expect(await eventsOf(burst.id)).toBe(25);
    expect(await db.widgetEvent.count({ where: { siteId: burst.id, event: "page_view", contentId: null } })).toBe(12);
    expect(await db.ledgerActivity.count({ where: { contentId: item.id, type: "view" } })).toBe(13);
  });
});

describe("POST /hub/evt — the per-site rate", () => {
  it("answers 429 past the documented per-site rate and records nothing more", async () => {
    const status = await api("/api/svc/status");
    const { perSite, windowSeconds } = status.body.hub.eventRateLimit;
    expect(windowSeconds).toBe(60);
    const busy = await createSite();
    const other = await createSite();
    const body = { siteId: busy.id, token: busy.token, event: "page_view", url: `https://${busy.domain}/` };
    for (let sent = 0; sent < perSite; sent += 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, perSite - sent) }, () => send(body)));
      expect(batch.every((r) => r.status === 200)).toBe(true);
    }
    const limited = await send(body);
    const err = expectError(limited, 429, "rate-limited");
    expect(err.details).toContain(String(perSite));
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await eventsOf(busy.id)).toBe(perSite);
    // Another site has its own budget.
    expect((await send({ siteId: other.id, token: other.token, url: `https://${other.domain}/` })).status).toBe(200);
  }, 120_000); // 600+ requests: minutes, not seconds, on a busy 2-core machine
});

describe("GET /hub/widget.js and GET /api/svc/status", () => {
  it("serves the widget script", async () => {
    const res = await fetch(`${process.env.HUB_URL}/hub/widget.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/javascript/);
    const js = await res.text();
    expect(js).toContain("/hub/evt");
    for (const kind of ["page_view", "resource_view", "unlock_started", "unlock_completed", "payment_completed", "content_rating"]) expect(js).toContain(kind);
    expect(js).toContain("sendBeacon");
  });

  it("describes the hub and where its widget is", async () => {
    const res = await api("/api/svc/status");
    expect(res.status).toBe(200);
    const origin = process.env.HUB_ORIGIN;
    expect(res.body).toEqual({
      site: { name: "Paid Content Hub", origin },
      hub: {
        name: "Paid Content Hub",
        origin,
        version: "0.2.9",
        network: "testnet",
        chainId: 5042002,
        caip2: "eip155:5042002",
        endpoints: { explore: `${origin}/hub/explore/content`, events: `${origin}/hub/evt`, openapi: `${origin}/api/openapi.json`, x402: `${origin}/.well-known/x402` },
        eventRateLimit: { perSite: 600, windowSeconds: 60, shared: false },
        facilitator: `${origin}/facilitator`,
        receiptSigner: { kid: expect.stringMatching(/^did:web:.+#receipt-key$/), address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), format: "eip712", did: `${origin}/.well-known/did.json` },
      },
      widgetUrl: `${origin}/hub/widget.js`,
    });
  });
});
