// POST /hub/pay pricing and payee (tracked content wins, defaults, hosted fee wallets), the records a
// payment writes, POST /hub/preflight and GET /.well-known/x402.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { randomBytes } from "node:crypto";
import { getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { predictFeeWallet } from "../../lib/chain/predict";
import { api, expectError, metricSeries } from "../support/hub";
import { cleanupRun, createSite, type FixtureSite } from "../support/sites";
import {
  chainAccess,
  challengeFor,
  DEMO_PAYER,
  eventually,
  FEE_WALLET_FACTORY,
  freshPayer,
  hubDb,
  pay,
  paymentCounts,
  settled,
  signedPayment,
  usdc,
  usdcBalance,
} from "../support/x402";

const stranger = privateKeyToAccount(generatePrivateKey()).address;

async function seeded(externalId: string) {
  return hubDb().content.findFirstOrThrow({ where: { externalId }, include: { site: true } });
}

describe("POST /hub/pay challenge", () => {
  it("binds the challenge to the tracked content's price and creator, whatever the body says", async () => {
    const content = await seeded("essay-slow-software");
    const res = await pay({ contentId: "essay-slow-software", price: "0.01", recipient: stranger });
    expectError(res, 402, "payment-required");
    const challenge = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
    expect(res.headers.get("access-control-expose-headers")).toContain("PAYMENT-REQUIRED");
    expect(challenge).toEqual({
      x402Version: 2,
      error: "payment_required",
      resource: { url: content.url, description: content.title, mimeType: "application/json" },
      accepts: [
        {
          scheme: "exact",
          network: "eip155:5042002",
          asset: "0x3600000000000000000000000000000000000000",
          amount: "50000",
          payTo: content.recipientWallet,
          maxTimeoutSeconds: 300,
          extra: { name: "USDC", version: "2", verifyingContract: "0x3600000000000000000000000000000000000000" },
        },
        {
          scheme: "exact",
          network: "eip155:5042002",
          asset: "0x3600000000000000000000000000000000000000",
          amount: "50000",
          payTo: content.recipientWallet,
          maxTimeoutSeconds: 604_900,
          extra: { name: "GatewayWalletBatched", version: "1", verifyingContract: "0x0077777d7EBA4688BDeF3E311b846F25870A19B9" },
        },
      ],
      // The x402 v2 extensions it declares (sign-in-with-x, …) have their own tests (x402-siwx, …).
      extensions: expect.any(Object),
    });
    expect(res.body).toMatchObject({ x402Version: 2, accepts: challenge.accepts, resource: challenge.resource, code: "payment-required" });
  });

  it("finds tracked content by hub id, by externalId and by URL, and answers under /api too", async () => {
    const content = await seeded("harbor-nights");
    for (const body of [{ contentId: content.id }, { contentId: "harbor-nights" }, { url: content.url }]) {
      expect((await challengeFor(body)).accepts[0]).toMatchObject({ amount: "1000000", payTo: content.recipientWallet });
    }
    const legacy = await api("/api/hub/pay", { json: { contentId: "harbor-nights" } });
    expect(legacy.status).toBe(402);
  });

  describe("by path, and content of a removed site", () => {
    const path = `/p/${randomBytes(4).toString("hex")}`;
    let a: FixtureSite, b: FixtureSite, gone: FixtureSite;
    const [creatorA, creatorB] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    const item = (site: FixtureSite, externalId: string, priceAtomic: bigint, recipientWallet: string, itemPath = path) =>
      hubDb().content.create({ data: { network: "testnet", siteId: site.id, externalId, title: externalId, path: itemPath, url: `https://${site.domain}${itemPath}`, priceAtomic, recipientWallet } });
    beforeAll(async () => {
      [a, b, gone] = [await createSite(), await createSite(), await createSite()];
      await item(a, "by-path-a", usdc("0.2"), creatorA);
      await item(b, "by-path-b", usdc("0.3"), creatorB);
      await item(b, "by-path-b-only", usdc("0.4"), creatorB, `${path}-only`);
      await item(gone, "gone-item", usdc("0.5"), creatorA, `${path}-gone`);
      await hubDb().site.update({ where: { id: gone.id }, data: { removedAt: new Date() } });
    });
    afterAll(cleanupRun);

    it("finds tracked content by its path within a site, or alone when one item has it; two items with that path leave it untracked", async () => {
      expect((await challengeFor({ path, siteId: a.id })).accepts[0]).toMatchObject({ amount: "200000", payTo: creatorA });
      expect((await challengeFor({ path, siteId: b.id })).accepts[0]).toMatchObject({ amount: "300000", payTo: creatorB });
      expect((await challengeFor({ path: `${path}-only` })).accepts[0]).toMatchObject({ amount: "400000", payTo: creatorB });
      expect((await challengeFor({ path, recipient: stranger })).accepts[0]).toMatchObject({ amount: "10000", payTo: stranger });
    });

    it("refuses content of a removed site (403), by id, by URL and by path, and records nothing", async () => {
      const before = await paymentCounts();
      for (const body of [{ contentId: "gone-item" }, { url: `https://${gone.domain}${path}-gone` }, { path: `${path}-gone` }]) {
        expectError(await pay(body), 403, "forbidden");
      }
      expect(await paymentCounts()).toEqual(before);
    });
  });

  it("prices untracked content from the body: default 0.01 USDC, the given recipient", async () => {
    expect((await challengeFor({ contentId: "elsewhere-1", recipient: stranger })).accepts[0]).toMatchObject({ amount: "10000", payTo: stranger });
    expect((await challengeFor({ url: "https://blog.example/p/1", price: "0.5", recipient: stranger })).accepts[1]).toMatchObject({ amount: "500000", payTo: stranger });
    expect((await challengeFor({ contentId: "elsewhere-1", recipient: stranger })).resource.url).toMatch(/\/hub\/pay$/);
  });

  const invalid: Array<[string, string, number, string, string?]> = [
    ["no recipient for untracked content (no seller configured)", JSON.stringify({ contentId: "nobody-tracks-this" }), 400, "missing-recipient", "recipient"],
    ["a price that is not a decimal", JSON.stringify({ contentId: "x", price: "abc", recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }), 400, "invalid-amount", "price"],
    ["a price with 7 decimals", JSON.stringify({ contentId: "x", price: "0.0000001", recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }), 400, "invalid-amount", "price"],
    ["a zero price", JSON.stringify({ contentId: "x", price: "0", recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }), 400, "invalid-amount", "price"],
    ["a malformed recipient", JSON.stringify({ contentId: "x", recipient: "0x1234" }), 400, "invalid-request", "recipient"],
    ["an unknown rail", JSON.stringify({ contentId: "x", paymentRail: "cash" }), 400, "invalid-request", "paymentRail"],
    ["malformed JSON", "{nope", 400, "invalid-json"],
    ["a siteId with a wrong siteToken", JSON.stringify({ contentId: "x", recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", siteId: "00000000-0000-4000-8000-000000000000", siteToken: "wrong" }), 403, "forbidden"],
  ];
  it.each(invalid)("answers %s with %i", async (_name, body, status, code, field) => {
    const before = await paymentCounts();
    const err = expectError(await api("/hub/pay", { body }), status, code);
    if (field) expect(err.details).toContain(field);
    expect(await paymentCounts()).toEqual(before);
  });
});

describe("recorded payments", () => {
  it("writes receipt, counters, daily metrics and a ledger row for a tracked unlock", async () => {
    const content = await seeded("tidepool-print"); // 0.75 USDC
    const payer = await freshPayer({ deposit: "1" });
    const gateway = (await challengeFor({ contentId: "tidepool-print" })).accepts[1]!;
    const day = new Date().toISOString().slice(0, 10);
    const metric = () => hubDb().dailyMetric.findFirst({ where: { contentId: content.id, day } });
    const siteMetric = () => hubDb().dailyMetric.findFirst({ where: { siteId: content.siteId, contentId: "", day } });
    const [m0, s0] = [await metric(), await siteMetric()];

    const res = await pay({ contentId: "tidepool-print" }, { "payment-signature": (await signedPayment({ requirement: gateway, signer: payer })).header, "x-svc-actor": "agent" });
    expect(res.status).toBe(200);
    const id = res.body.payment.paymentId;
    const db = hubDb();
    expect(await db.receipt.findUniqueOrThrow({ where: { paymentId: id } })).toMatchObject({ amountAtomic: usdc("0.75"), revenueAtomic: usdc("0.75"), protocolFeeAtomic: 0n, network: "testnet", contentId: content.id });
    const after = await db.content.findUniqueOrThrow({ where: { id: content.id } });
    expect({ unlocks: after.unlocks, revenue: after.revenueAtomic }).toEqual({ unlocks: content.unlocks + 1, revenue: content.revenueAtomic + usdc("0.75") });
    expect((await metric())!.unlocks).toBe((m0?.unlocks ?? 0) + 1);
    expect((await metric())!.revenueAtomic).toBe((m0?.revenueAtomic ?? 0n) + usdc("0.75"));
    expect((await siteMetric())!.payments).toBe((s0?.payments ?? 0) + 1);
    expect(await db.ledgerActivity.findUniqueOrThrow({ where: { sourceKey: `payment:${id}` } })).toMatchObject({
      type: "payment",
      network: "testnet",
      actor: "agent",
      websiteId: content.siteId,
      contentId: content.id,
      contentTitle: content.title,
      domain: content.site.domain,
      amountAtomic: usdc("0.75"),
      protocolFeeAtomic: 0n,
      paymentProvider: "x402-gateway",
      payerWallet: payer.address,
      recipientWallet: content.recipientWallet,
      chainId: 5042002,
      status: "locked",
    });
    await settled(id);
    expect(await db.ledgerActivity.findUniqueOrThrow({ where: { sourceKey: `payment:${id}` } })).toMatchObject({ status: "settled" });
  });
});

describe("a Gateway sale priced from a kept row (lib/content/kept-sale-rows.ts)", () => {
  const creator = privateKeyToAccount(generatePrivateKey()).address;
  let site: FixtureSite;
  let contentId = "";
  beforeAll(async () => {
    site = await createSite();
    const item = await hubDb().content.create({
      data: { network: "testnet", siteId: site.id, externalId: `kept-${randomBytes(4).toString("hex")}`, title: "Kept", url: `https://${site.domain}/kept`, priceAtomic: usdc("0.05"), recipientWallet: creator },
    });
    contentId = item.id;
  });
  afterAll(cleanupRun);

  /** hub_kept_sale_rows_total by result. */
  const keptRows = async (): Promise<Record<string, number>> => {
    const of = await metricSeries();
    return Object.fromEntries(["hit", "miss", "renewed", "changed"].map((r) => [r, of(`hub_kept_sale_rows_total{kind="content",result="${r}"}`)]));
  };
  const delta = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.keys(a).map((k) => [k, b[k]! - a[k]!]));
  /** The Gateway offer of a fresh challenge once it quotes `amount` (a quote may come from the read cache, a second old). */
  const offerAt = (amount: string) =>
    eventually(async () => {
      const offer = (await challengeFor({ contentId })).accepts[1]!;
      return offer.amount === amount && offer;
    });
  const payWith = async (requirement: PaymentRequirements, signer: Parameters<typeof signedPayment>[0]["signer"]) => {
    const { header } = await signedPayment({ requirement, signer });
    return { res: await pay({ contentId }, { "payment-signature": header }), header };
  };
  const sold = async () => {
    const row = await hubDb().content.findUniqueOrThrow({ where: { id: contentId } });
    return { unlocks: row.unlocks, revenue: row.revenueAtomic, payments: await hubDb().payment.count({ where: { resourceId: contentId } }) };
  };

  it("sells from the kept copy while the row holds, and a replay still answers the first payment", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const offer = await offerAt("50000");
    const k0 = await keptRows();
    const first = await payWith(offer, payer);
    expect(first.res.status).toBe(200);
    const second = await payWith(offer, payer);
    expect(second.res.status).toBe(200);
    const replay = await pay({ contentId }, { "payment-signature": second.header });
    expect(replay.status).toBe(200);
    expect(replay.body.payment.paymentId).toBe(second.res.body.payment.paymentId);
    // The first sale read the row and kept it; the second and the replay were priced from the kept copy.
    expect(delta(k0, await keptRows())).toEqual({ hit: 2, miss: 1, renewed: 0, changed: 0 });
    expect(await sold()).toMatchObject({ unlocks: 2, revenue: usdc("0.1"), payments: 2 });
  });

  it("a price raised behind the kept copy: the sale's check refuses the old price's authorization, nothing is written, the new price sells", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const oldOffer = await offerAt("50000");
    expect((await payWith(oldOffer, payer)).res.status).toBe(200); // keeps the row at 0.05
    const before = await sold();
    await hubDb().content.update({ where: { id: contentId }, data: { priceAtomic: usdc("0.07") } });
    const k0 = await keptRows();
    const stale = await payWith(oldOffer, payer);
    expectError(stale.res, 402);
    expect(decodePaymentRequiredHeader(stale.res.headers.get("payment-required")!).accepts[1]).toMatchObject({ amount: "70000" });
    // The kept copy priced it at 0.05 and the sale's check found the row changed; read again, 0.05 is not the price.
    expect(delta(k0, await keptRows())).toEqual({ hit: 1, miss: 0, renewed: 1, changed: 1 });
    expect(await sold()).toEqual(before);

    const paid = await payWith(await offerAt("70000"), payer);
    expect(paid.res.status).toBe(200);
    expect(paid.res.body.payment).toMatchObject({ amount: 0.07 });
    expect(await sold()).toEqual({ unlocks: before.unlocks + 1, revenue: before.revenue + usdc("0.07"), payments: before.payments + 1 });
  });

  it("a price lowered behind the kept copy: the new price's authorization sells, and the row read again is kept", async () => {
    const payer = await freshPayer({ deposit: "1" });
    expect((await payWith(await offerAt("70000"), payer)).res.status).toBe(200); // keeps the row at 0.07
    await hubDb().content.update({ where: { id: contentId }, data: { priceAtomic: usdc("0.03") } });
    const offer = await offerAt("30000");
    const k0 = await keptRows();
    const paid = await payWith(offer, payer);
    expect(paid.res.status).toBe(200);
    expect(paid.res.body.payment).toMatchObject({ amount: 0.03 });
    // The kept copy's 0.07 did not match the offer; the row read again sold it and is kept in its place.
    expect(delta(k0, await keptRows())).toEqual({ hit: 1, miss: 0, renewed: 1, changed: 0 });
    expect((await payWith(offer, payer)).res.status).toBe(200);
    expect(delta(k0, await keptRows())).toEqual({ hit: 2, miss: 0, renewed: 1, changed: 0 });
  });

  it("concurrent sales after a price change: every authorization for the old price is refused, every one for the new price sells once", async () => {
    const payers = [];
    for (let i = 0; i < 4; i++) payers.push(await freshPayer({ deposit: "1" })); // one funder: one at a time
    const oldOffer = await offerAt("30000");
    expect((await payWith(oldOffer, payers[0]!)).res.status).toBe(200); // keeps the row at 0.03
    await hubDb().content.update({ where: { id: contentId }, data: { priceAtomic: usdc("0.04") } });
    const newOffer = await offerAt("40000");
    const before = await sold();
    const k0 = await keptRows();
    const answers = await Promise.all(payers.flatMap((payer) => [payWith(oldOffer, payer), payWith(newOffer, payer), payWith(oldOffer, payer), payWith(newOffer, payer)]));
    const statuses = answers.map((a) => a.res.status);
    expect(statuses.filter((_, i) => i % 2 === 0)).toEqual(Array(8).fill(402));
    expect(statuses.filter((_, i) => i % 2 === 1)).toEqual(Array(8).fill(200));
    expect(await sold()).toEqual({ unlocks: before.unlocks + 8, revenue: before.revenue + usdc("0.32"), payments: before.payments + 8 });
    // Every request asked the kept rows first; every one for the old price (at least) was decided again from a read.
    const d = delta(k0, await keptRows());
    expect(d.hit! + d.miss!).toBe(16);
    expect(d.renewed).toBeGreaterThanOrEqual(8);
  });

  it("a refusal that does not depend on the row is answered once; one the kept copy gives is decided again from a read", async () => {
    const offer = await offerAt("40000");
    const broke = await freshPayer({ deposit: "0" });
    const k0 = await keptRows();
    const short = await payWith(offer, broke);
    expectError(short.res, 402);
    expect(short.res.body.reason).toBe("insufficient_funds");
    expect(delta(k0, await keptRows())).toEqual({ hit: 1, miss: 0, renewed: 0, changed: 0 });
    // A signature the kept copy's checks refuse (signed by someone else) is checked again against a fresh read, then refused.
    const payer = await freshPayer({ deposit: "1" });
    const { header } = await signedPayment({ requirement: offer, signer: broke, from: payer.address });
    const forged = await pay({ contentId }, { "payment-signature": header });
    expectError(forged, 402);
    expect(forged.body.reason).toBe("invalid_signature");
    expect(delta(k0, await keptRows())).toEqual({ hit: 2, miss: 0, renewed: 1, changed: 0 });
  });

  it("a site removed behind the kept copy: 403, and nothing is written", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const offer = await offerAt("40000");
    expect((await payWith(offer, payer)).res.status).toBe(200);
    const before = await sold();
    await hubDb().site.update({ where: { id: site.id }, data: { removedAt: new Date() } });
    const k0 = await keptRows();
    expectError((await payWith(offer, payer)).res, 403, "forbidden");
    expect(delta(k0, await keptRows())).toEqual({ hit: 1, miss: 0, renewed: 1, changed: 1 });
    expect(await sold()).toEqual(before);
  });
});

describe("hosted sites", () => {
  const creator = privateKeyToAccount(generatePrivateKey()).address;
  let siteId = "";
  let token = "";
  beforeAll(async () => {
    const db = hubDb();
    token = randomBytes(16).toString("hex");
    const site = await db.site.create({
      data: { domain: `hosted-${randomBytes(4).toString("hex")}.example`, name: "Hosted", ownerWallet: creator, verifyToken: token, verified: true, verificationStatus: "verified", hosted: true, blogActive: true },
    });
    siteId = site.id;
    await db.content.create({
      data: { network: "testnet", siteId, externalId: "hosted-post", title: "Hosted post", url: `https://${site.domain}/article/hosted-post`, priceAtomic: usdc("0.05"), recipientWallet: creator },
    });
  });
  // Fixtures leave the shared database as the seed made it (their payments stay, as any payment would).
  afterAll(() => hubDb().site.delete({ where: { id: siteId } }));

  it("pays into the creator's fee wallet and records the 1% protocol fee", async () => {
    const feeWallet = predictFeeWallet({ factory: FEE_WALLET_FACTORY, creator });
    const challenge = await challengeFor({ contentId: "hosted-post" });
    expect(challenge.accepts.map((a: PaymentRequirements) => a.payTo)).toEqual([feeWallet, feeWallet]);

    const payer = await freshPayer({ deposit: "1" });
    const res = await pay({ contentId: "hosted-post" }, { "payment-signature": (await signedPayment({ requirement: challenge.accepts[1]!, signer: payer })).header });
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({ amount: 0.05, protocolFee: 0.0005, revenue: 0.0495, recipient: getAddress(creator), payTo: feeWallet });
    const row = await hubDb().ledgerActivity.findUniqueOrThrow({ where: { sourceKey: `payment:${res.body.payment.paymentId}` } });
    expect({ fee: row.protocolFeeAtomic, revenue: row.revenueAtomic }).toEqual({ fee: 500n, revenue: 49_500n });
    await settled(res.body.payment.paymentId);
    expect(await usdcBalance(feeWallet)).toBe(usdc("0.05"));
  });

  it("routes untracked content of a hosted site (siteId + siteToken) to the fee wallet too", async () => {
    const feeWallet = predictFeeWallet({ factory: FEE_WALLET_FACTORY, creator });
    const challenge = await challengeFor({ contentId: "draft-42", recipient: creator, siteId, siteToken: token });
    expect(challenge.accepts[0]!.payTo).toBe(feeWallet);
  });
});

describe("GET /.well-known/x402", () => {
  let pricey = "";
  beforeAll(async () => {
    const site = await hubDb().site.findFirstOrThrow({ where: { domain: "pixel-press.example" } });
    const row = await hubDb().content.create({
      data: { network: "testnet", siteId: site.id, externalId: `pricey-${randomBytes(3).toString("hex")}`, title: "Too dear", url: `https://pixel-press.example/p/${randomBytes(3).toString("hex")}`, priceAtomic: usdc("2"), recipientWallet: site.ownerWallet },
    });
    pricey = row.url;
    return () => hubDb().content.delete({ where: { id: row.id } }).then(() => undefined);
  });

  it("lists live paid resources within the declared 0.01–1.00 USDC range and says how to pay", async () => {
    const res = await api("/.well-known/x402");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: 1,
      payment: { protocol: "x402", x402Version: 2, pricing: "dynamic", currency: "USDC", minimum: "0.01", maximum: "1.00", network: "eip155:5042002", rails: ["eip3009", "gateway", "transfer"] },
    });
    expect(res.body.resources).toEqual(expect.arrayContaining(["https://quiet-letters.example/article/essay-slow-software", "https://lofi-harbor.example/music/harbor-nights"]));
    expect(res.body.resources).not.toContain(pricey);
    expect(res.body.instructions).toContain("/hub/pay");
    // Every listed resource really answers with a 402 challenge.
    expect((await pay({ url: res.body.resources[0] })).status).toBe(402);
  });
});

describe("POST /hub/preflight", () => {
  afterAll(() => chainAccess(true));
  const base = { contentId: "essay-slow-software", price: "0.05" };

  it("says ok for a funded payer at the server price, with balances", async () => {
    const res = await api("/hub/preflight", { json: { ...base, payer: DEMO_PAYER.address } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, ok: true, tracked: true, price: "0.05", currency: "USDC", network: "eip155:5042002" });
    expect(Number(res.body.balances.wallet)).toBeGreaterThan(0);
  });

  const verdicts: Array<[string, Record<string, unknown>, string]> = [
    ["price_mismatch when the intended amount differs", { ...base, amount: "0.04" }, "price_mismatch"],
    ["price_mismatch when the client's price is stale", { ...base, price: "0.5" }, "price_mismatch"],
    ["recipient_unresolved for untracked content without recipient", { contentId: "unknown-thing", price: "0.01" }, "recipient_unresolved"],
    ["invalid_address for a malformed payer", { ...base, payer: "0xnope" }, "invalid_address"],
    ["invalid_address for a malformed recipient", { contentId: "unknown-thing", price: "0.01", recipient: "bob" }, "invalid_address"],
    ["unfunded for an empty wallet", { ...base, payer: stranger }, "unfunded"],
  ];
  it.each(verdicts)("answers ok false: %s", async (_name, body, reason) => {
    const before = await paymentCounts();
    const res = await api("/hub/preflight", { json: body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, ok: false, reason });
    expect(typeof res.body.details).toBe("string");
    expect(await paymentCounts()).toEqual(before);
  });

  it("answers ok true with proceedAnyway when the chain does not answer", async () => {
    await chainAccess(false);
    try {
      const res = await api("/hub/preflight", { json: { ...base, payer: stranger } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, proceedAnyway: true });
    } finally {
      await chainAccess(true);
    }
  });

  it("rejects a body without contentId or price", async () => {
    const err = expectError(await api("/hub/preflight", { json: {} }), 400, "invalid-request");
    expect(err.details).toContain("contentId");
    expect(err.details).toContain("price");
  });
});
