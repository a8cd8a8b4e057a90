// Paid quickshare unlocks over x402, both rails, with the official clients where they apply:
// purchase, proof re-reads without paying, the payer decided on before any charge (ban, invite list,
// another wallet, already entitled), revoke → buy again, replays, and the ledger row's privacy.
import { BatchEvmScheme } from "@circle-fin/x402-batching/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { SchemeNetworkClient } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { getAddress, type Address } from "viem";
import { afterAll, describe, expect, it } from "vitest";
import { usdcAbi } from "../../lib/chain/abis";
import { predictFeeWallet } from "../../lib/chain/predict";
import { transferOwnerMessage } from "../../lib/x402/transfer-owner-message";
import { api, expectError, HUB_URL } from "../support/hub";
import { access, closeDb, createShare, db, person, until, type Person } from "../support/quickshare";
import { chain, chainClient, freshPayer, gatewayAvailable, NETWORK, settled, signedPayment, usdc, USDC, usdcBalance, walletFor } from "../support/x402";

const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };
const feeWallet = (owner: Address) => predictFeeWallet({ factory: process.env.FEE_WALLET_FACTORY_ADDRESS as Address, creator: owner });

afterAll(closeDb);

/** The decoded challenge of an unpaid read. */
async function challenge(slug: string, o: { wallet?: string; cookie?: string } = {}) {
  const res = await access(slug, o);
  expect(res.status, JSON.stringify(res.body)).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
}

/** A Payment-Signature for the challenge's plain EIP-3009 option (accepts[0]), signed by `signer`. */
async function plainPayment(slug: string, signer: Awaited<ReturnType<typeof freshPayer>>, o: { wallet?: string; cookie?: string } = {}) {
  const c = await challenge(slug, o);
  return (await signedPayment({ requirement: c.accepts[0]!, signer, resource: c.resource })).header;
}

const counts = async (shareId: string) => ({
  payments: await db().payment.count({ where: { resourceType: "quickshare", resourceId: shareId } }),
  ledger: await db().ledgerActivity.count({ where: { type: "quickshare", subkind: "unlock" } }),
});

describe("buying a paid share", () => {
  it("@x402/fetch + ExactEvmScheme buys it; the proof then re-reads without paying; the ledger row names no share", async () => {
    const owner = await person();
    const share = await createShare(owner, { title: "Tide tables", content: "High water at 06:12.", price: "0.25" });
    const payer = await freshPayer({ wallet: "1" });
    const to = feeWallet(owner.address);
    const before = await usdcBalance(to);
    const statsBefore = (await api("/hub/stats")).body.stats;

    const c = await challenge(share.slug);
    expect(c).toMatchObject({ x402Version: 2, resource: { url: `${HUB_URL}/quickshare/${share.slug}/access` } });
    expect(c.accepts.map((a) => [a.amount, getAddress(a.payTo), a.extra.name])).toEqual([["250000", to, "USDC"], ["250000", to, "GatewayWalletBatched"]]);

    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const res = await wrapFetchWithPayment(fetch, client)(`${HUB_URL}/quickshare/${share.slug}/access`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(body).toMatchObject({
      ok: true,
      resource: { id: share.id, slug: share.slug, title: "Tide tables", price: "0.25" },
      content: "High water at 06:12.",
      access: { via: "payment", wallet: payer.address },
      entitlement: { wallet: payer.address, status: "active", source: "payment" },
      payment: { amount: 0.25, currency: "USDC", payerWallet: payer.address, protocolFee: 0.0025, paymentProvider: "x402-eip3009", network: "testnet" },
    });
    expect(body.payment.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(decodePaymentResponseHeader(res.headers.get("payment-response")!)).toMatchObject({ success: true, payer: payer.address, transaction: body.payment.txHash });
    expect(await usdcBalance(to)).toBe(before + usdc("0.25"));
    expect(await usdcBalance(payer.address)).toBe(usdc("0.75"));

    const [w, iat, exp] = body.unlockProof.split(".");
    expect(w).toBe(payer.address);
    expect(Number(exp) - Number(iat)).toBe(43_200);
    const again = await access(share.slug, { proof: body.unlockProof });
    expect(again.status).toBe(200);
    expect(again.body.content).toBe("High water at 06:12.");
    expect((await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { "x-svc-payment-proof": body.unlockProof } })).status).toBe(200);
    expect(await usdcBalance(payer.address)).toBe(usdc("0.75"));
    expect((await counts(share.id)).payments).toBe(1);

    const row = await db().ledgerActivity.findFirstOrThrow({ where: { type: "quickshare", paymentId: body.payment.paymentId ?? undefined, payerWallet: payer.address } });
    expect(row).toMatchObject({
      subkind: "unlock", amountAtomic: 250000n, currency: "USDC", txHash: body.payment.txHash, network: "testnet", payerWallet: payer.address,
      contentId: null, contentTitle: null, contentUrl: null, domain: null, websiteId: null, recipientWallet: null, walletAddress: null,
    });
    expect(JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(share.slug);
    const meta = await api(`/quickshare/${share.slug}/meta`);
    expect(meta.body.unlockCount).toBe(1);
    const statsAfter = (await api("/hub/stats")).body.stats;
    expect(statsAfter.quickshareUnlocks).toBe(statsBefore.quickshareUnlocks + 1);
    expect(Math.round((statsAfter.quickshareRevenue - statsBefore.quickshareRevenue) * 1e6)).toBe(250_000);
    const mine = await api("/quickshare/mine", { cookie: owner.cookie });
    expect(mine.body.shares[0]).toMatchObject({ unlockCount: 1, revenue: 0.25 });
  });

  it("Circle's BatchEvmScheme buys it on the /qs mirror over the Gateway rail; the batch settles on chain", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "Gateway-paid.", price: "0.10" });
    const payer = await freshPayer({ deposit: "1" });
    const client = new x402Client()
      .register(NETWORK, new BatchEvmScheme(payer) as unknown as SchemeNetworkClient)
      .registerPolicy((_v, reqs) => reqs.filter((r) => r.extra?.name === "GatewayWalletBatched"))
      .setSpendControls(spend);
    const res = await wrapFetchWithPayment(fetch, client)(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "application/json" } });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ content: "Gateway-paid.", payment: { amount: 0.1, paymentProvider: "x402-gateway", txHash: null, payerWallet: payer.address } });
    const payment = await db().payment.findFirstOrThrow({ where: { resourceType: "quickshare", resourceId: share.id } });
    await settled(payment.id);
    expect(await gatewayAvailable(payer.address)).toBe(usdc("0.9"));
    expect((await access(share.slug, { proof: body.unlockProof })).status).toBe(200);
  });

  it("the transfer rail: a USDC transfer proven by its sender buys it (POST unlock)", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "Transfer-paid.", price: "0.30" });
    const payer = await freshPayer({ wallet: "1" });
    const c = await challenge(share.slug);
    const hash = await walletFor(payer).writeContract({ address: USDC, abi: usdcAbi, functionName: "transfer", args: [getAddress(c.accepts[0]!.payTo), 300_000n], chain, account: payer });
    await chainClient.waitForTransactionReceipt({ hash });
    const owner191 = await payer.signMessage({ message: transferOwnerMessage({ chainId: 5042002, txHash: hash, resourceUrl: c.resource.url }) });
    const res = await api(`/quickshare/${share.slug}/unlock`, { json: {}, headers: { "x-svc-transfer-tx": hash, "x-svc-tx-owner": owner191 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ content: "Transfer-paid.", payment: { amount: 0.3, txHash: hash, payerWallet: payer.address, paymentProvider: "transfer" } });
    // The same transfer again is the first result, and writes nothing new.
    const again = await api(`/quickshare/${share.slug}/unlock`, { json: {}, headers: { "x-svc-transfer-tx": hash, "x-svc-tx-owner": owner191 } });
    expect(again.status).toBe(200);
    expect((await counts(share.id)).payments).toBe(1);
  });
});

describe("both rails on every paying route", () => {
  it("the Gateway rail on POST /quickshare/<slug>/unlock: a Payment-Signature for accepts[1], locked now, batch-settled to the fee wallet", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "Unlocked over the Gateway.", price: "0.40" });
    const payer = await freshPayer({ deposit: "1" });
    const to = feeWallet(owner.address);
    const before = await usdcBalance(to);
    const c = await challenge(share.slug);
    expect(c.accepts[1]).toMatchObject({ amount: "400000", extra: { name: "GatewayWalletBatched" } });
    const { header } = await signedPayment({ requirement: c.accepts[1]!, signer: payer, resource: c.resource });

    const res = await api(`/quickshare/${share.slug}/unlock`, { json: {}, headers: { "payment-signature": header } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body).toMatchObject({
      content: "Unlocked over the Gateway.",
      entitlement: { wallet: payer.address, status: "active", source: "payment" },
      payment: { amount: 0.4, paymentProvider: "x402-gateway", payerWallet: payer.address, protocolFee: 0.004 },
    });
    expect(decodePaymentResponseHeader(res.headers.get("payment-response")!)).toMatchObject({ success: true, payer: payer.address });
    const payment = await db().payment.findFirstOrThrow({ where: { resourceType: "quickshare", resourceId: share.id } });
    expect(payment).toMatchObject({ rail: "gateway", payer: payer.address, payTo: to, amountAtomic: 400_000n });
    await settled(payment.id);
    expect(await usdcBalance(to)).toBe(before + usdc("0.4"));
    expect(await gatewayAvailable(payer.address)).toBe(usdc("0.6"));
    // The same authorization again is the first result: one payment, one settlement, and the proof reads.
    const again = await api(`/quickshare/${share.slug}/unlock`, { json: {}, headers: { "payment-signature": header } });
    expect(again.status).toBe(200);
    expect((await counts(share.id)).payments).toBe(1);
    expect((await access(share.slug, { proof: res.body.unlockProof })).body.content).toBe("Unlocked over the Gateway.");
  });

  it("the transfer rail on the /qs mirror: an agent's USDC transfer proven by x-svc-tx-owner", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "Transferred on /qs.", price: "0.15" });
    const payer = await freshPayer({ wallet: "1" });
    const res402 = await fetch(`${HUB_URL}/qs/${share.slug}`, { headers: { accept: "application/json" } });
    expect(res402.status).toBe(402);
    const c = decodePaymentRequiredHeader(res402.headers.get("payment-required")!);
    const hash = await walletFor(payer).writeContract({ address: USDC, abi: usdcAbi, functionName: "transfer", args: [getAddress(c.accepts[0]!.payTo), 150_000n], chain, account: payer });
    await chainClient.waitForTransactionReceipt({ hash });
    const owner191 = await payer.signMessage({ message: transferOwnerMessage({ chainId: 5042002, txHash: hash, resourceUrl: c.resource.url }) });
    const res = await api(`/qs/${share.slug}`, { headers: { accept: "text/html", "x-svc-transfer-tx": hash, "x-svc-tx-owner": owner191 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ content: "Transferred on /qs.", payment: { amount: 0.15, txHash: hash, payerWallet: payer.address, paymentProvider: "transfer" } });
    expect(await usdcBalance(feeWallet(owner.address))).toBe(150_000n);
    // The same transfer cannot buy another share of the same owner (same payTo): single use per resource.
    const other = await createShare(owner, { content: "Elsewhere.", price: "0.15" });
    const otherSig = await payer.signMessage({ message: transferOwnerMessage({ chainId: 5042002, txHash: hash, resourceUrl: `${HUB_URL}/quickshare/${other.slug}/access` }) });
    expectError(await api(`/quickshare/${other.slug}/access`, { headers: { "x-svc-transfer-tx": hash, "x-svc-tx-owner": otherSig } }), 409, "txhash-claimed-elsewhere");
    expect((await counts(other.id)).payments).toBe(0);
  });
});

describe("the payer is decided on before any charge", () => {
  it("an already entitled payer who signs again is not charged and gets a fresh proof", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "Bought once.", price: "0.20" });
    const payer = await freshPayer({ wallet: "1" });
    const first = await access(share.slug, { headers: { "payment-signature": await plainPayment(share.slug, payer) } });
    expect(first.status).toBe(200);
    const second = await access(share.slug, { headers: { "payment-signature": await plainPayment(share.slug, payer) } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ access: { via: "entitlement", wallet: payer.address }, payment: null });
    expect(second.body.unlockProof).toMatch(new RegExp(`^${payer.address}\\.`));
    expect(await usdcBalance(payer.address)).toBe(usdc("0.8"));
    expect((await counts(share.id)).payments).toBe(1);
  });

  it("revoke stops serving that wallet, old credentials do not buy it back, a new payment does; ban forbids re-purchase; restore brings it back", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "Members.", price: "0.10" });
    const payer = await freshPayer({ wallet: "1" });
    const header = await plainPayment(share.slug, payer);
    const bought = await access(share.slug, { headers: { "payment-signature": header } });
    expect(bought.status).toBe(200);
    const proof = bought.body.unlockProof;
    const ent = (path: string, method = "POST") => api(`/quickshare/${share.slug}/entitlements/${payer.address}${path}`, { method, cookie: owner.cookie });

    expect((await ent("/revoke")).body.status).toBe("revoked");
    expect((await access(share.slug, { proof })).status).toBe(402);
    const replay = await access(share.slug, { headers: { "payment-signature": header } });
    expect(expectError(replay, 402, "payment-invalid").details).toContain("revoked");
    expect((await counts(share.id)).payments).toBe(1);
    const rebuy = await access(share.slug, { headers: { "payment-signature": await plainPayment(share.slug, payer) } });
    expect(rebuy.status, JSON.stringify(rebuy.body)).toBe(200);
    expect(rebuy.body.payment.amount).toBe(0.1);
    expect((await counts(share.id)).payments).toBe(2);
    expect(await usdcBalance(payer.address)).toBe(usdc("0.8"));

    expect((await ent("/ban")).body.status).toBe("banned");
    const balance = await usdcBalance(payer.address);
    expectError(await access(share.slug, { headers: { "payment-signature": await plainPayment(share.slug, payer) } }), 403, "banned");
    expectError(await access(share.slug, { proof: rebuy.body.unlockProof }), 403, "banned");
    expect(await usdcBalance(payer.address)).toBe(balance);
    expect((await counts(share.id)).payments).toBe(2);

    expect((await ent("", "DELETE")).body.status).toBe("active");
    expect((await access(share.slug, { proof: rebuy.body.unlockProof })).status).toBe(200);
  });

  it("refuses a payer other than the wallet the request is about (session, proof or claim), before charging", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "Mine, not yours.", price: "0.10" });
    const reader: Person = await person();
    const payer = await freshPayer({ wallet: "1" });
    const header = await plainPayment(share.slug, payer);
    expectError(await access(share.slug, { cookie: reader.cookie, headers: { "payment-signature": header } }), 403, "payer-mismatch");
    expectError(await access(share.slug, { wallet: reader.address, headers: { "payment-signature": header } }), 403, "payer-mismatch");
    expect((await counts(share.id)).payments).toBe(0);
    expect(await usdcBalance(payer.address)).toBe(usdc("1"));
  });

  it("invite-only: a non-listed payer gets 403 before any charge; a listed one pays", async () => {
    const owner = await person();
    const listed = await freshPayer({ wallet: "1" });
    const outsider = await freshPayer({ wallet: "1" });
    const share = await createShare(owner, { content: "Invited.", price: "0.10", publicAccess: false, whitelist: [listed.address] });
    const c = await challenge(share.slug, { wallet: listed.address });
    const forOutsider = (await signedPayment({ requirement: c.accepts[0]!, signer: outsider, resource: c.resource })).header;
    expectError(await access(share.slug, { headers: { "payment-signature": forOutsider } }), 403, "not-invited");
    expect(await usdcBalance(outsider.address)).toBe(usdc("1"));
    const forListed = (await signedPayment({ requirement: c.accepts[0]!, signer: listed, resource: c.resource })).header;
    const res = await access(share.slug, { headers: { "payment-signature": forListed } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.content).toBe("Invited.");
  });

  it("a whitelisted payer pays the whitelist price, decided by the payer, not by a claim", async () => {
    const owner = await person();
    const listed = await freshPayer({ wallet: "1" });
    const share = await createShare(owner, { content: "Tiered.", price: "0.50", whitelist: [listed.address], whitelistPrice: "0.10" });
    expect((await challenge(share.slug)).accepts[0]!.amount).toBe("500000");
    expect((await challenge(share.slug, { wallet: listed.address })).accepts[0]!.amount).toBe("100000");
    // An authorization for the public price is not one of the payer's options; the fresh challenge names its own price.
    const atPublic = await access(share.slug, { headers: { "payment-signature": await plainPayment(share.slug, listed) } });
    expect(expectError(atPublic, 402, "payment-invalid").details).toContain("accepted");
    expect(decodePaymentRequiredHeader(atPublic.headers.get("payment-required")!).accepts[0]!.amount).toBe("100000");
    const res = await access(share.slug, { headers: { "payment-signature": await plainPayment(share.slug, listed, { wallet: listed.address }) } });
    expect(res.status).toBe(200);
    expect(res.body.payment.amount).toBe(0.1);
    expect(await usdcBalance(listed.address)).toBe(usdc("0.9"));
  });

  it("an expired share takes no payment (419) and records nothing", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "Too late.", price: "0.10", expiresInHours: 2 / 3600 });
    const payer = await freshPayer({ wallet: "1" });
    const header = await plainPayment(share.slug, payer);
    await until(async () => (await access(share.slug)).status === 419, { what: "expiry" });
    expectError(await access(share.slug, { headers: { "payment-signature": header } }), 419, "expired");
    expect((await counts(share.id)).payments).toBe(0);
    expect(await usdcBalance(payer.address)).toBe(usdc("1"));
  });

  it("answers malformed credentials with a 402 and a fresh challenge", async () => {
    const owner = await person();
    const share = await createShare(owner, { content: "x", price: "0.10" });
    const res = await access(share.slug, { headers: { "payment-signature": "not-base64-json" } });
    expectError(res, 402, "payment-invalid");
    expect(res.headers.get("payment-required")).toBeTruthy();
    expect((await counts(share.id)).payments).toBe(0);
  });
});
