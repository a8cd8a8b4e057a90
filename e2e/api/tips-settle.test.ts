import { randomBytes } from "node:crypto";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { feeWalletFactoryAbi } from "../../lib/chain/abis";
import { predictFeeWallet } from "../../lib/chain/predict";
import { transferOwnerMessage } from "../../lib/x402/transfer-owner-message";
import { api, expectError, HUB_URL } from "../support/hub";
import {
  balanceOf, boxOf, CHAIN_ID, chainClient, createSite, depositToGateway, ledgerRows, newWallet, removeFixtures, signedRefund, testDb,
  trackShare, transferUsdc, TREASURY, uniqueDomain, type TestWallet,
} from "../support/tips";
import { createShare, person } from "../support/quickshare";
import { eventually, settled, signedPayment } from "../support/x402";

afterAll(removeFixtures);

const FEE_FACTORY = getAddress(process.env.FEE_WALLET_FACTORY_ADDRESS!);
const challenge = (json: Record<string, unknown>) => api("/hub/tips/challenge", { json });
const verify = (json: Record<string, unknown>, headers: Record<string, string> = {}) => api("/hub/tips/verify", { json, headers });
const randomWallet = () => privateKeyToAccount(generatePrivateKey()).address;

async function freshSite(prefix: string, opts: { hosted?: boolean } = {}) {
  const creator = await newWallet(0n);
  const domain = uniqueDomain(prefix);
  const site = await createSite({ domain, owner: creator.address, hosted: opts.hosted });
  return { creator, domain, site };
}

function base58Slug() {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  return [...randomBytes(8)].map((b) => alphabet[b % 58]).join("");
}

/** A transfer-rail tip: pays `amount` to payTo and proves the sender with the ownership signature. */
async function transferTip(payer: TestWallet, payTo: `0x${string}`, contentUrl: string, amount: bigint) {
  const txHash = await transferUsdc(payer, payTo, amount);
  const txOwner = await payer.account.signMessage({ message: transferOwnerMessage({ chainId: CHAIN_ID, txHash, resourceUrl: contentUrl }) });
  return { txHash, txOwner };
}

describe("POST /hub/tips/challenge", () => {
  it("pays a resolved self-hosted creator directly; the 1% is stated and accrued", async () => {
    const { creator, domain } = await freshSite("ch-self");
    const res = await challenge({ contentUrl: `https://${domain}/post`, amount: "2" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true, x402Version: 2, payee: creator.address, payTo: creator.address, feeBps: 100, protocolFee: 0.02,
      feeSettlement: "accrued", source: "site", domain, amount: 2, resource: { url: `https://${domain}/post` },
    });
    expect(res.body.accepts[0]).toMatchObject({ scheme: "exact", network: `eip155:${CHAIN_ID}`, amount: "2000000", payTo: creator.address });
    expect(res.body.accepts[1]).toMatchObject({ payTo: creator.address, extra: { name: "GatewayWalletBatched" } });
    expect(decodePaymentRequiredHeader(res.headers.get("payment-required")!).accepts[0]!.payTo).toBe(creator.address);
  });

  it("pays a hosted creator's fee wallet, and a quickshare link's owner through theirs (never the body's recipient)", async () => {
    const { creator, domain } = await freshSite("ch-hosted", { hosted: true });
    const feeWallet = predictFeeWallet({ factory: FEE_FACTORY, creator: creator.address });
    const res = await challenge({ contentUrl: `https://${domain}/post`, amount: "1", recipient: randomWallet() });
    expect(res.body).toMatchObject({ payee: creator.address, payTo: feeWallet, feeBps: 100, protocolFee: 0.01, feeSettlement: "fee-wallet", source: "site" });
    expect(res.body.accepts[0].payTo).toBe(feeWallet);

    const owner = randomWallet();
    const slug = base58Slug();
    trackShare((await testDb.quickshare.create({ data: { slug, network: "testnet", ownerWallet: owner, expiresAt: new Date(Date.now() + 86_400_000) } })).id);
    const qs = await challenge({ contentUrl: `${HUB_URL}/qs/${slug}`, amount: "1", recipient: randomWallet() });
    expect(qs.body).toMatchObject({ payee: owner, source: "quickshare", payTo: predictFeeWallet({ factory: FEE_FACTORY, creator: owner }), feeSettlement: "fee-wallet" });
  });

  it("needs a recipient for a page the hub cannot resolve (400 missing-recipient), and then pays it", async () => {
    const domain = uniqueDomain("ch-unres");
    expectError(await challenge({ contentUrl: `https://${domain}/p`, amount: "1" }), 400, "missing-recipient");
    const named = randomWallet();
    const res = await challenge({ contentUrl: `https://${domain}/p`, amount: "1", recipient: named });
    expect(res.body).toMatchObject({ payee: named, payTo: named, source: "request", feeSettlement: "accrued" });
  });

  const bad: Array<[string, Record<string, unknown>, number, string]> = [
    ["no amount", { contentUrl: "https://quiet-letters.example/x" }, 400, "invalid-request"],
    ["no contentUrl", { amount: "1" }, 400, "invalid-request"],
    ["a zero amount", { contentUrl: "https://quiet-letters.example/x", amount: "0" }, 400, "invalid-amount"],
    ["seven decimals", { contentUrl: "https://quiet-letters.example/x", amount: "0.0000001" }, 400, "invalid-amount"],
    ["a relative url", { contentUrl: "/x", amount: "1" }, 400, "invalid-request"],
    ["a malformed recipient", { contentUrl: "https://nowhere.example/x", amount: "1", recipient: "0x12" }, 400, "invalid-request"],
    ["an unknown share link", { contentUrl: `${HUB_URL}/qs/11111111`, amount: "1", recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }, 400, "missing-recipient"],
  ];
  it.each(bad)("answers %s with the documented 4xx", async (_n, body, status, code) => {
    expectError(await challenge(body), status, code);
  });
});

describe("POST /hub/tips/verify", () => {
  it("settles a transfer-rail tip to a self-hosted creator at once: tip, receipt, ledger row; a retry replays", async () => {
    const { creator, domain, site } = await freshSite("v-transfer");
    const payer = await newWallet(5_000_000n);
    const contentUrl = `https://${domain}/essay`;
    const statsBefore = (await api("/hub/stats")).body.stats;
    const { txHash, txOwner } = await transferTip(payer, creator.address, contentUrl, 1_000_000n);

    const res = await verify({ contentUrl, amount: "1", title: "Essay", paymentRail: "transfer", txHash, txOwner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true, status: "settled", replayed: false, payee: creator.address, payTo: creator.address, feeBps: 100, protocolFee: 0.01, feeSettlement: "accrued",
      tip: { status: "settled", amount: 1, held: 0, payer: payer.address, recipient: creator.address, payTo: creator.address, rail: "transfer", txHash, feeBps: 100, protocolFee: 0.01, domain, title: "Essay" },
      payment: { rail: "transfer", status: "settled", amount: 1, protocolFee: 0, payer: payer.address, recipient: creator.address, txHash },
    });
    expect(res.headers.get("payment-response")).toBeTruthy();
    expect(await balanceOf(creator.address)).toBe(1_000_000n);
    expect(await testDb.tip.findUnique({ where: { id: res.body.tip.id } })).toMatchObject({ siteId: site.id, status: "settled" });
    // The ledger records what moved: the whole tip to the creator, no protocol fee collected.
    expect((await ledgerRows(domain)).map((r) => [r.subkind, r.amountAtomic, r.revenueAtomic, r.protocolFeeAtomic, r.websiteId])).toEqual([
      ["settled", 1_000_000n, 1_000_000n, 0n, site.id],
    ]);
    const stats = (await api("/hub/stats")).body.stats;
    expect(stats.tips - statsBefore.tips).toBe(1);
    expect(stats.tipRevenue - statsBefore.tipRevenue).toBeCloseTo(1, 6);
    expect(stats.unlocks).toBe(statsBefore.unlocks); // a tip is not an unlock

    // The same credentials again (headers this time): the first result, nothing new.
    const again = await verify({ contentUrl, amount: "1" }, { "x-svc-transfer-tx": txHash, "x-svc-tx-owner": txOwner });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, tip: { id: res.body.tip.id } });
    expect(await ledgerRows(domain)).toHaveLength(1);
    // The same transfer for another page is refused; and a settled tip cannot be refunded.
    expectError(await verify({ contentUrl: `https://${domain}/other`, amount: "1", txHash, txOwner }), 409, "txhash-claimed-elsewhere");
    expectError(await api("/hub/tips/refund", { json: await signedRefund(payer, domain, null) }), 404, "not-found");
  });

  it("refuses transfer-rail credentials that do not prove the tip (402, or 403 for a binding by another wallet) and records nothing", async () => {
    const { creator, domain } = await freshSite("v-bad");
    const payer = await newWallet(5_000_000n);
    const stranger = await newWallet(0n);
    const contentUrl = `https://${domain}/p`;
    const { txHash, txOwner } = await transferTip(payer, creator.address, contentUrl, 500_000n);
    const strangerSig = await stranger.account.signMessage({ message: transferOwnerMessage({ chainId: CHAIN_ID, txHash, resourceUrl: contentUrl }) });
    const otherPageSig = await payer.account.signMessage({ message: transferOwnerMessage({ chainId: CHAIN_ID, txHash, resourceUrl: `${contentUrl}/x` }) });

    // A binding signed by a wallet other than the transfer's sender, or over another page, is 403
    // payer-mismatch (issue 14: the payer differs from the wallet that proved possession), as on /hub/pay.
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ["no credentials", { contentUrl, amount: "0.5" }, 402, "payment-required"],
      ["no ownership signature", { contentUrl, amount: "0.5", txHash }, 402, "payment-invalid"],
      ["a signature by someone else", { contentUrl, amount: "0.5", txHash, txOwner: strangerSig }, 403, "payer-mismatch"],
      ["a signature for another page", { contentUrl, amount: "0.5", txHash, txOwner: otherPageSig }, 403, "payer-mismatch"],
      ["more than was sent", { contentUrl, amount: "0.6", txHash, txOwner }, 402, "payment-invalid"],
    ];
    for (const [name, body, status, code] of cases) {
      const res = await verify(body);
      try {
        expectError(res, status, code);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
      if (status === 402) expect(res.body.accepts?.[0]?.payTo, name).toBe(creator.address);
    }
    expect(await testDb.tip.count({ where: { domain } })).toBe(0);
    expect(await ledgerRows(domain)).toEqual([]);
  });

  it("settles a gateway-rail tip: locked now, batch-settled to the creator", async () => {
    const { creator, domain } = await freshSite("v-gateway");
    const payer = await newWallet(3_000_000n);
    await depositToGateway(payer, 3_000_000n);
    const contentUrl = `https://${domain}/song`;
    const ch = (await challenge({ contentUrl, amount: "0.75", paymentRail: "gateway" })).body;
    const { header } = await signedPayment({ requirement: ch.accepts[1], signer: payer.account, resource: ch.resource });

    const res = await verify({ contentUrl, amount: "0.75", paymentRail: "gateway", paymentSignature: header });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "settled", tip: { status: "settled", amount: 0.75, rail: "gateway", recipient: creator.address, protocolFee: 0.0075 }, payment: { rail: "gateway" } });
    await settled(res.body.payment.paymentId);
    expect(await balanceOf(creator.address)).toBe(750_000n);
    const again = await verify({ contentUrl, amount: "0.75" }, { "payment-signature": header });
    expect(again.body).toMatchObject({ replayed: true, tip: { id: res.body.tip.id } });
  });

  it("pays a hosted creator's fee wallet; its 99/1 split sends the 1% to the treasury on chain", async () => {
    const { creator, domain } = await freshSite("v-hosted", { hosted: true });
    // Plain EIP-3009 (accepts[0]) is drawn from the wallet itself; the hub's relayer settles it at once.
    const payer = await newWallet(2_000_000n);
    const contentUrl = `https://${domain}/post`;
    const feeWallet = predictFeeWallet({ factory: FEE_FACTORY, creator: creator.address });
    const ch = (await challenge({ contentUrl, amount: "2" })).body;
    const { header } = await signedPayment({ requirement: ch.accepts[0], signer: payer.account, resource: ch.resource });

    const res = await verify({ contentUrl, amount: "2", paymentSignature: header });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ feeSettlement: "fee-wallet", payTo: feeWallet, tip: { payTo: feeWallet, recipient: creator.address, protocolFee: 0.02, rail: "eip3009" }, payment: { rail: "eip3009", status: "settled", protocolFee: 0.02, revenue: 1.98 } });
    expect(await balanceOf(feeWallet)).toBe(2_000_000n);
    expect((await ledgerRows(domain)).map((r) => [r.subkind, r.amountAtomic, r.revenueAtomic, r.protocolFeeAtomic])).toEqual([["settled", 2_000_000n, 1_980_000n, 20_000n]]);

    const treasuryBefore = await balanceOf(TREASURY);
    const hash = await payer.wallet.writeContract({ address: FEE_FACTORY, abi: feeWalletFactoryAbi, functionName: "distribute", args: [creator.address] });
    await chainClient.waitForTransactionReceipt({ hash });
    expect(await balanceOf(TREASURY)).toBe(treasuryBefore + 20_000n);
    expect(await balanceOf(creator.address)).toBe(1_980_000n);
  });
});

describe("a tip to a quickshare link", () => {
  it("settles to the share owner's fee wallet at once (never held); its ledger row is of kind quickshare and names no share", async () => {
    const owner = await person();
    const title = `Harbour secrets ${randomBytes(3).toString("hex")}`;
    const share = await createShare(owner, { title, content: "For the crew only.", price: "0.5" });
    const contentUrl = `${HUB_URL}/qs/${share.slug}`;
    const feeWallet = predictFeeWallet({ factory: FEE_FACTORY, creator: owner.address });
    const payer = await newWallet(2_000_000n);
    const before = await balanceOf(feeWallet);
    const statsBefore = (await api("/hub/stats")).body.stats;

    const ch = (await challenge({ contentUrl, amount: "1", recipient: randomWallet() })).body;
    expect(ch).toMatchObject({ payee: owner.address, payTo: feeWallet, source: "quickshare", feeBps: 100, protocolFee: 0.01, feeSettlement: "fee-wallet" });
    const { header } = await signedPayment({ requirement: ch.accepts[0], signer: payer.account, resource: ch.resource });
    const res = await verify({ contentUrl, amount: "1", paymentSignature: header });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: "settled", payee: owner.address, payTo: feeWallet,
      tip: { status: "settled", held: 0, amount: 1, payer: payer.address, recipient: owner.address, payTo: feeWallet, box: null, protocolFee: 0.01 },
      payment: { rail: "eip3009", status: "settled", amount: 1, protocolFee: 0.01, payer: payer.address },
    });
    expect(await balanceOf(feeWallet)).toBe(before + 1_000_000n);
    expect(await testDb.tip.count({ where: { contentUrl, status: { in: ["held", "releasing"] } } })).toBe(0);
    expectError(await api("/hub/tips/hold", { json: { contentUrl, amount: "1" } }), 400, "not-holdable");
    // A tip is no purchase: the share is still sold to the tipper.
    expect((await api(`/quickshare/${share.slug}/access`)).status).toBe(402);

    // The ledger row: kind quickshare (docs/decisions.md #2) with amount, currency, tx hash, network and payer only.
    const row = await testDb.ledgerActivity.findFirstOrThrow({ where: { paymentId: res.body.payment.paymentId } });
    expect(row).toMatchObject({
      type: "quickshare", subkind: "tip", status: "settled", amountAtomic: 1_000_000n, revenueAtomic: 990_000n, protocolFeeAtomic: 10_000n,
      currency: "USDC", txHash: res.body.payment.txHash, network: "testnet", payerWallet: payer.address,
      contentId: null, contentTitle: null, contentUrl: null, domain: null, websiteId: null, actor: null, receiptUrl: null, recipientWallet: null, walletAddress: null,
    });
    const secrets = [share.slug, share.id, title, "/qs/", owner.address, feeWallet, owner.address.toLowerCase(), feeWallet.toLowerCase()];
    const dump = JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v));
    for (const s of secrets) expect(dump, s).not.toContain(s);

    // The public ledger lists it under quickshare (without the share), never under tips or the hub's domain.
    const feed = await api("/hub/ledger?type=quickshare&limit=100");
    const listed = feed.body.activities.find((a: any) => a.id === row.id);
    expect(listed).toMatchObject({ type: "quickshare", subkind: "tip", amount: 1, currency: "USDC", txHash: res.body.payment.txHash, payerWallet: payer.address, contentUrl: null, contentTitle: null, domain: null });
    for (const s of secrets) expect(JSON.stringify(feed.body), s).not.toContain(s);
    expect((await api("/hub/ledger?type=tips&limit=100")).body.activities.map((a: any) => a.id)).not.toContain(row.id);
    const hubHost = new URL(HUB_URL).hostname;
    expect((await api(`/hub/ledger?domain=${hubHost}&limit=100`)).body.activities.map((a: any) => a.id)).not.toContain(row.id);

    // It is a tip all the same in /hub/stats (and not a quickshare unlock).
    const stats = (await api("/hub/stats")).body.stats;
    expect(stats.tips - statsBefore.tips).toBe(1);
    expect(stats.tipRevenue - statsBefore.tipRevenue).toBeCloseTo(1, 6);
    expect(stats.quickshareUnlocks).toBe(statsBefore.quickshareUnlocks);
    expect(stats.quickshareRevenue).toBeCloseTo(statsBefore.quickshareRevenue, 6);
    expect(stats.revenue - statsBefore.revenue).toBeCloseTo(1, 6);
    expect(stats.protocolFees - statsBefore.protocolFees).toBeCloseTo(0.01, 6);
  });
});

describe("POST /hub/tips/hold over the gateway rail", () => {
  it("locks the payment for the box; claims wait for the batch to settle it there, then release it", async () => {
    const { creator, domain, site } = await freshSite("h-gateway");
    const payer = await newWallet(2_000_000n);
    await depositToGateway(payer, 2_000_000n);
    const contentUrl = `https://${domain}/post`;
    const box = boxOf(domain);

    const ch = await api("/hub/tips/hold", { json: { contentUrl, amount: "1", paymentRail: "gateway" } });
    expect(ch.body).toMatchObject({ holdStatus: "challenge", box, x402Version: 2 });
    expect(ch.body.accepts.map((a: any) => a.payTo)).toEqual([box, box]);
    const { header } = await signedPayment({ requirement: ch.body.accepts[1], signer: payer.account, resource: ch.body.resource });

    const held = await api("/hub/tips/hold", { json: { contentUrl, amount: "1", paymentRail: "gateway" }, headers: { "payment-signature": header } });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ holdStatus: "held", box, tip: { status: "held", rail: "gateway", amount: 1, payer: payer.address, box }, payment: { rail: "gateway", payTo: box } });
    expect((await ledgerRows(domain)).map((r) => [r.subkind, r.amountAtomic, r.revenueAtomic])).toEqual([["held", 1_000_000n, 0n]]);
    // A replay answers with the same tip.
    const again = await api("/hub/tips/hold", { json: { contentUrl, amount: "1", paymentSignature: header } });
    expect(again.body.tip.id).toBe(held.body.tip.id);

    // Until the batch settles into the box a claim answers 202; then it releases (polled, no sleeps).
    const claimed = await eventually(
      async () => {
        const res = await api("/hub/tips/claim", { json: { siteId: site.id, token: site.verifyToken } });
        if (res.status === 202) {
          expect(res.body.code).toBe("pending-settlement");
          return undefined;
        }
        return res;
      },
      { what: "the gateway hold to settle and the claim to go through" },
    );
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ released: [held.body.tip.id], creatorAmount: 0.95, protocolFee: 0.05 });
    expect(await balanceOf(creator.address)).toBe(950_000n);
    expect(await balanceOf(box)).toBe(0n);
  });
});
