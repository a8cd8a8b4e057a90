import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { CLAIM_TOKEN_DOC, REFUND_MESSAGE_DOC } from "../../lib/openapi/paths-tips";
import { claimTokenMessage } from "../../lib/tips/claim-token-message";
import { api, expectError } from "../support/hub";
import {
  balanceOf, boxOf, breakRelayer, CHAIN_ID, createSite, holdTip, ledgerRows, newWallet, releasedEvents, removeFixtures, sendRelease, signedRefund, testDb,
  transferUsdc, TREASURY, uniqueDomain,
} from "../support/tips";

afterAll(removeFixtures);

const claim = (json: Record<string, unknown>) => api("/hub/tips/claim", { json });
const refund = (json: Record<string, unknown>) => api("/hub/tips/refund", { json });

/** A verified site on a fresh domain owned by a fresh creator wallet. */
async function freshSite(prefix: string) {
  const creator = await newWallet(0n);
  const domain = uniqueDomain(prefix);
  const site = await createSite({ domain, owner: creator.address });
  return { creator, domain, site };
}

describe("held tips: refund, then claim (balances on chain)", () => {
  it("refunds one payer in full, then releases the rest: 95% to the creator, 5% to the treasury, nothing left", async () => {
    const { creator, domain, site } = await freshSite("flow");
    const p1 = await newWallet(10_000_000n);
    const p2 = await newWallet(10_000_000n);
    const statsBefore = (await api("/hub/stats")).body.stats;
    const t1 = (await holdTip(p1, domain, 2_000_000n)).tip;
    const t2 = (await holdTip(p2, domain, 3_000_000n, "/other")).tip;
    const box = boxOf(domain);
    expect(await balanceOf(box)).toBe(5_000_000n);

    // Refund: the box pays p1 back in full, no fee.
    const before1 = await balanceOf(p1.address);
    const body = await signedRefund(p1, domain, null);
    const res = await refund(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, amount: 2, domain, payer: p1.address, refunded: [t1.id], partial: null, remaining: 0 });
    expect(await balanceOf(p1.address)).toBe(before1 + 2_000_000n);
    expect(await balanceOf(box)).toBe(3_000_000n);
    expect(await testDb.tip.findUnique({ where: { id: t1.id } })).toMatchObject({ status: "refunded", refundedAtomic: 2_000_000n, refundTx: res.body.refundTx });

    // The same signed message again is refused and moves nothing.
    expectError(await refund(body), 409, "refund-nonce-used");
    expect(await balanceOf(box)).toBe(3_000_000n);

    // Claim: one release pays the whole box, 5% to the treasury.
    const creatorBefore = await balanceOf(creator.address);
    const treasuryBefore = await balanceOf(TREASURY);
    const claimed = await claim({ siteId: site.id, token: site.verifyToken });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({
      success: true, feeBps: 500, protocolFee: 0.15, amount: 3, creatorAmount: 2.85, creatorWallet: creator.address, box, domain, released: [t2.id], pending: 0,
    });
    expect(await balanceOf(creator.address)).toBe(creatorBefore + 2_850_000n);
    expect(await balanceOf(TREASURY)).toBe(treasuryBefore + 150_000n);
    expect(await balanceOf(box)).toBe(0n);
    expect((await releasedEvents(claimed.body.releaseTx)).length).toBe(1);
    expect(await testDb.tip.findUnique({ where: { id: t2.id } })).toMatchObject({
      status: "released", recipient: creator.address, feeBps: 500, feeAtomic: 150_000n, releaseTx: claimed.body.releaseTx,
    });

    // The ledger: two held rows, one negative refund row, one released row; tip amounts net out.
    const ledger = await ledgerRows(domain);
    expect(ledger.map((r) => [r.subkind, r.amountAtomic, r.revenueAtomic, r.protocolFeeAtomic])).toEqual([
      ["held", 2_000_000n, 0n, null],
      ["held", 3_000_000n, 0n, null],
      ["refund", -2_000_000n, 0n, 0n],
      ["released", 0n, 2_850_000n, 150_000n],
    ]);
    expect(ledger.reduce((s, r) => s + r.amountAtomic, 0n)).toBe(3_000_000n);
    // /hub/stats: two tips, 3 USDC of tip revenue net of the refund, the treasury's 0.15 in protocol fees.
    const stats = (await api("/hub/stats")).body.stats;
    expect(stats.tips - statsBefore.tips).toBe(2);
    expect(stats.tipRevenue - statsBefore.tipRevenue).toBeCloseTo(3, 6);
    expect(stats.protocolFees - statsBefore.protocolFees).toBeCloseTo(0.15, 6);

    // A second claim has nothing to release; the box is deployed now and still empty.
    expect((await claim({ siteId: site.id, token: site.verifyToken })).body).toEqual({ success: true, released: [], pending: 0 });
    // Released and refunded tips cannot be refunded.
    expectError(await refund(await signedRefund(p2, domain, null)), 404, "not-found");
    expectError(await refund(await signedRefund(p1, domain, null)), 404, "not-found");
  });

  it("refunds part of a payer's tips, newest first, capped at what is held", async () => {
    const { domain } = await freshSite("partial");
    const payer = await newWallet(10_000_000n);
    const older = (await holdTip(payer, domain, 1_000_000n)).tip;
    const newer = (await holdTip(payer, domain, 2_000_000n)).tip;

    const part = await refund(await signedRefund(payer, domain, 2_500_000n));
    expect(part.body).toMatchObject({ amount: 2.5, refunded: [newer.id], partial: older.id, remaining: 0.5 });
    expect(await testDb.tip.findUnique({ where: { id: older.id } })).toMatchObject({ status: "held", refundedAtomic: 500_000n });
    const held = await api(`/hub/tips/held?domain=${domain}`);
    expect(held.body).toMatchObject({ total: 1, totalAmount: 0.5 });
    expect(held.body.tips[0]).toMatchObject({ id: older.id, amount: 1, refunded: 0.5, held: 0.5 });

    // A cap above what is held is capped.
    const before = await balanceOf(payer.address);
    const rest = await refund(await signedRefund(payer, domain, 50_000_000n));
    expect(rest.body).toMatchObject({ amount: 0.5, refunded: [older.id], partial: null, remaining: 0 });
    expect(await balanceOf(payer.address)).toBe(before + 500_000n);
    expect(await balanceOf(boxOf(domain))).toBe(0n);
    expectError(await refund(await signedRefund(payer, domain, null)), 404, "not-found");
  });

  it("refuses refunds the payer did not sign for this domain, chain and amount (nothing moves)", async () => {
    const { domain } = await freshSite("refuse");
    const payer = await newWallet(5_000_000n);
    const other = await newWallet(0n);
    await holdTip(payer, domain, 1_000_000n);
    const good = await signedRefund(payer, domain, null);

    const cases: Array<[string, Promise<Record<string, unknown>> | Record<string, unknown>, number, string]> = [
      ["signed by someone else", signedRefund(payer, domain, null, { signer: other }), 403, "forbidden"],
      ["a message for another domain", signedRefund(payer, domain, null, { messageDomain: "other.example" }), 403, "forbidden"],
      ["a message for another chain", signedRefund(payer, domain, null, { chainId: 5042 }), 403, "forbidden"],
      ["an amount that differs from the message", { ...good, amount: "0.5" }, 403, "forbidden"],
      ["a payer that differs from the message", { ...good, payer: other.address }, 403, "forbidden"],
      ["a message in another format", { ...good, message: `${good.message}\n` }, 400, "invalid-request"],
      ["a malformed signature", { ...good, signature: "0x1234" }, 403, "forbidden"],
      ["no signature", { ...good, signature: undefined }, 400, "invalid-request"],
    ];
    for (const [name, body, status, code] of cases) {
      const res = await refund(await body);
      try {
        expectError(res, status, code);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
    // Nothing held for a payer with no tips here.
    expectError(await refund(await signedRefund(other, domain, null)), 404, "not-found");
    expect(await balanceOf(boxOf(domain))).toBe(1_000_000n);
    expect((await ledgerRows(domain)).map((r) => r.subkind)).toEqual(["held"]);
    // The good one still works.
    expect((await refund(good)).status).toBe(200);
  });
});

describe("POST /hub/tips/claim", () => {
  it("refuses wrong credentials and unverified sites (403), and records nothing", async () => {
    const { domain, site } = await freshSite("creds");
    const payer = await newWallet(2_000_000n);
    await holdTip(payer, domain, 1_000_000n);
    const unverified = await createSite({ domain: uniqueDomain("unverified"), owner: payer.address, verified: false });

    const cases: Array<[string, Record<string, unknown>]> = [
      ["a wrong token", { siteId: site.id, token: "not-the-token" }],
      ["an unknown site", { siteId: "00000000-0000-4000-8000-000000000000", token: site.verifyToken }],
      ["another site's token", { siteId: site.id, token: unverified.verifyToken }],
      ["an unverified site", { siteId: unverified.id, token: unverified.verifyToken }],
    ];
    for (const [, body] of cases) expectError(await claim(body), 403, "forbidden");
    expectError(await claim({ siteId: site.id }), 400, "invalid-request");
    expect(await testDb.domainClaimBinding.findUnique({ where: { domain } })).toBeNull();
    expect(await balanceOf(boxOf(domain))).toBe(1_000_000n);
  });

  it("claims to another wallet only with the owner's claim token, then binds the domain to it (409 for others)", async () => {
    const { creator, domain, site } = await freshSite("token");
    const payer = await newWallet(2_000_000n);
    await holdTip(payer, domain, 1_000_000n);
    const payout = await newWallet(0n);
    const message = claimTokenMessage({ domain, siteId: site.id, payTo: payout.address, chainId: CHAIN_ID });

    const refused: Array<[string, Record<string, unknown> | undefined]> = [
      ["no claim token", undefined],
      ["a token signed by the payout wallet", { message, signature: await payout.account.signMessage({ message }) }],
      ["a token for another wallet", { message: message.replace(payout.address, payer.address), signature: await creator.account.signMessage({ message: message.replace(payout.address, payer.address) }) }],
    ];
    for (const [name, claimToken] of refused) {
      const res = await claim({ siteId: site.id, token: site.verifyToken, creatorWallet: payout.address, ...(claimToken && { claimToken }) });
      try {
        expectError(res, 403, "forbidden");
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
    expect(await balanceOf(boxOf(domain))).toBe(1_000_000n);

    const ok = await claim({ siteId: site.id, token: site.verifyToken, creatorWallet: payout.address, claimToken: { message, signature: await creator.account.signMessage({ message }) } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ creatorWallet: payout.address, creatorAmount: 0.95, protocolFee: 0.05 });
    expect(await balanceOf(payout.address)).toBe(950_000n);
    expect(await testDb.domainClaimBinding.findUnique({ where: { domain } })).toMatchObject({ wallet: payout.address, siteId: site.id });

    // The owner wallet itself is now "another wallet" for this domain.
    expectError(await claim({ siteId: site.id, token: site.verifyToken }), 409, "domain-claimed-by-other-wallet");
  });

  it("leaves every tip held and answers 502 when the release reverts; a later claim succeeds", async () => {
    const { creator, domain, site } = await freshSite("revert");
    const payer = await newWallet(5_000_000n);
    const a = (await holdTip(payer, domain, 1_000_000n)).tip;
    const b = (await holdTip(payer, domain, 2_000_000n)).tip;

    const restore = await breakRelayer();
    let res;
    try {
      res = await claim({ siteId: site.id, token: site.verifyToken });
    } finally {
      await restore();
    }
    expect(expectError(res, 502, "bad-gateway").details).toContain("NotOperator");
    for (const id of [a.id, b.id]) expect(await testDb.tip.findUnique({ where: { id } })).toMatchObject({ status: "held", releaseTx: null, feeAtomic: null });
    expect((await ledgerRows(domain)).map((r) => r.subkind)).toEqual(["held", "held"]);
    expect(await balanceOf(boxOf(domain))).toBe(3_000_000n);
    expect(await balanceOf(creator.address)).toBe(0n);

    const ok = await claim({ siteId: site.id, token: site.verifyToken });
    expect(ok.status).toBe(200);
    expect([...ok.body.released].sort()).toEqual([a.id, b.id].sort());
    expect(await balanceOf(creator.address)).toBe(2_850_000n);
  });

  it("lets only one of several racing claims release (one transaction, each tip once)", async () => {
    const { creator, domain, site } = await freshSite("race");
    const payer = await newWallet(5_000_000n);
    await holdTip(payer, domain, 1_000_000n);
    await holdTip(payer, domain, 1_000_000n);
    const results = await Promise.all(Array.from({ length: 4 }, () => claim({ siteId: site.id, token: site.verifyToken })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const winners = results.filter((r) => r.body.released.length > 0);
    expect(winners.length).toBe(1);
    expect(winners[0]!.body.released.length).toBe(2);
    for (const r of results.filter((x) => x !== winners[0])) expect(r.body).toEqual({ success: true, released: [], pending: 0 });
    expect(await balanceOf(creator.address)).toBe(1_900_000n);
    const released = (await ledgerRows(domain)).filter((r) => r.subkind === "released");
    expect(released.length).toBe(2);
    expect(new Set(released.map((r) => r.txHash)).size).toBe(1);
  });

  it("never pays out more than was held when a claim and a refund race", async () => {
    const { creator, domain, site } = await freshSite("claim-refund");
    const p1 = await newWallet(5_000_000n);
    const p2 = await newWallet(5_000_000n);
    await holdTip(p1, domain, 1_000_000n);
    await holdTip(p2, domain, 2_000_000n);
    const p1Before = await balanceOf(p1.address);
    const treasuryBefore = await balanceOf(TREASURY);

    const [c, r] = await Promise.all([claim({ siteId: site.id, token: site.verifyToken }), refund(await signedRefund(p1, domain, null))]);
    expect(c.status).toBe(200);
    const refunded = (await balanceOf(p1.address)) - p1Before;
    const paid = (await balanceOf(creator.address)) + ((await balanceOf(TREASURY)) - treasuryBefore) + refunded;
    expect(paid).toBe(3_000_000n);
    expect(await balanceOf(boxOf(domain))).toBe(0n);
    if (r.status === 200) {
      // The refund ran first: p1 got their tip back, the claim released only p2's.
      expect(refunded).toBe(1_000_000n);
      expect(c.body.released.length).toBe(1);
    } else {
      // The claim ran first: nothing was left to refund.
      expectError(r, 404, "not-found");
      expect(refunded).toBe(0n);
      expect(c.body.released.length).toBe(2);
    }
  });
});

const randomNonce = () => `0x${randomBytes(32).toString("hex")}`;

describe("gateway-rail holds", () => {
  it("answer 202 pending-settlement to claim and refund until their Gateway credit has settled into the box", async () => {
    const { creator, domain, site } = await freshSite("gateway");
    const payer = await newWallet(5_000_000n);
    const box = boxOf(domain);
    // A gateway hold as the x402 layer leaves it: a Payment locked for payTo = box, not yet batch-settled.
    const payment = await testDb.payment.create({
      data: {
        network: "testnet", chainId: CHAIN_ID, rail: "gateway", status: "locked", resourceType: "tip", resourceId: domain,
        payer: payer.address, payTo: box, recipient: box, amountAtomic: 1_000_000n, nonce: randomNonce(),
        // Not valid for a long while: the hub's batch settler leaves it locked (this is a fixture, not a signature).
        validAfter: 4_000_000_000n, validBefore: 4_100_000_000n,
      },
    });
    const tip = await testDb.tip.create({
      data: { network: "testnet", status: "held", contentUrl: `https://${domain}/p`, domain, amountAtomic: 1_000_000n, payer: payer.address, payTo: box, rail: "gateway", boxAddress: box, paymentId: payment.id },
    });

    const held = await api(`/hub/tips/held?domain=${domain}`);
    expect(held.body).toMatchObject({ total: 1, pendingSettlement: 1 });
    expect(held.body.tips[0]).toMatchObject({ id: tip.id, rail: "gateway", pendingSettlement: true });
    expectError(await claim({ siteId: site.id, token: site.verifyToken }), 202, "pending-settlement");
    const refundBody = await signedRefund(payer, domain, null);
    expectError(await refund(refundBody), 202, "pending-settlement");
    expect(await testDb.tip.findUnique({ where: { id: tip.id } })).toMatchObject({ status: "held" });

    // The batch settler pays the box and marks the payment settled: now the claim goes through.
    await transferUsdc(payer, box, 1_000_000n);
    await testDb.payment.update({ where: { id: payment.id }, data: { status: "settled", settledAt: new Date() } });
    const ok = await claim({ siteId: site.id, token: site.verifyToken });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ released: [tip.id], creatorAmount: 0.95, protocolFee: 0.05 });
    expect(await balanceOf(creator.address)).toBe(950_000n);
    // The refund signed while pending did not spend its nonce, but there is nothing left to refund.
    expectError(await refund(refundBody), 404, "not-found");
  });
});

describe("claims left half-done (crash recovery)", () => {
  it("finalizes tips whose release was mined, and returns to held those whose release never happened", async () => {
    const { creator, domain, site } = await freshSite("crash");
    const payer = await newWallet(5_000_000n);
    const a = (await holdTip(payer, domain, 1_000_000n)).tip;
    // A hub that sent the release and died before recording it: the tx is on chain, the rows say 'releasing'.
    const releaseTx = await sendRelease(domain, creator.address);
    await testDb.tip.update({ where: { id: a.id }, data: { status: "releasing", releaseTx } });
    // A hub that died before sending anything: 'releasing' without a tx.
    const b = (await holdTip(payer, domain, 2_000_000n)).tip;
    await testDb.tip.update({ where: { id: b.id }, data: { status: "releasing", releaseTx: null } });

    const res = await claim({ siteId: site.id, token: site.verifyToken });
    expect(res.status).toBe(200);
    // b went back to held and was released by this claim; a was finalized from the earlier tx.
    expect(res.body.released).toEqual([b.id]);
    expect(await testDb.tip.findUnique({ where: { id: a.id } })).toMatchObject({ status: "released", releaseTx, feeAtomic: 50_000n, recipient: creator.address });
    expect(await testDb.tip.findUnique({ where: { id: b.id } })).toMatchObject({ status: "released", releaseTx: res.body.releaseTx, feeAtomic: 100_000n });
    expect(await balanceOf(creator.address)).toBe(2_850_000n);
    expect((await ledgerRows(domain)).filter((r) => r.subkind === "released").map((r) => r.txHash)).toEqual([releaseTx, res.body.releaseTx]);
  });
});

describe("gateway-rail holds whose settlement failed", () => {
  it("are voided by the next claim or refund, with a ledger row that nets them out", async () => {
    const { domain, site } = await freshSite("void");
    const payer = await newWallet(0n);
    const box = boxOf(domain);
    const payment = await testDb.payment.create({
      data: {
        network: "testnet", chainId: CHAIN_ID, rail: "gateway", status: "failed", error: "insufficient-balance", resourceType: "tip",
        resourceId: `hold:${domain}`, payer: payer.address, payTo: box, recipient: box, amountAtomic: 700_000n, nonce: randomNonce(),
      },
    });
    const tip = await testDb.tip.create({
      data: { network: "testnet", status: "held", contentUrl: `https://${domain}/p`, domain, amountAtomic: 700_000n, payer: payer.address, payTo: box, rail: "gateway", boxAddress: box, paymentId: payment.id },
    });

    expectError(await refund(await signedRefund(payer, domain, null)), 404, "not-found");
    expect(await testDb.tip.findUnique({ where: { id: tip.id } })).toMatchObject({ status: "void" });
    expect((await claim({ siteId: site.id, token: site.verifyToken })).body).toEqual({ success: true, released: [], pending: 0 });
    const ledger = await ledgerRows(domain);
    // (The fixture wrote no held row; a real gateway hold's held row is netted out by this one.)
    expect(ledger.map((r) => [r.subkind, r.amountAtomic])).toEqual([["void", -700_000n]]);
    expect((await api(`/hub/tips/held?domain=${domain}`)).body).toMatchObject({ total: 0, totalAmount: 0 });
  });
});

describe("the message texts in the served OpenAPI document", () => {
  it("spells out the refund control message and the claim-token message exactly", async () => {
    const doc = (await api("/api/openapi.json")).body;
    expect(doc.paths["/hub/tips/refund"].post.description).toContain("```\n" + REFUND_MESSAGE_DOC + "\n```");
    expect(doc.paths["/hub/tips/claim"].post.description).toContain("```\n" + CLAIM_TOKEN_DOC + "\n```");
  });
});
