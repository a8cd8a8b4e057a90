// Paid hosted-blog posts over x402: an agent buys one with the official @x402/fetch client and
// re-reads its media with the proof; invite-only posts refuse before any payment; document
// previews at their exact limits; entitlements, quotes, access control and balances.
import { BatchEvmScheme } from "@circle-fin/x402-batching/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { SchemeNetworkClient } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import sharp from "sharp";
import { getAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usdcAbi } from "../../lib/chain/abis";
import { predictFeeWallet } from "../../lib/chain/predict";
import { transferOwnerMessage } from "../../lib/x402/transfer-owner-message";
import { blogFetch, blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf, upload } from "../support/blog";
import { closeDb, db, person, type Person } from "../support/quickshare";
import { chain, chainClient, freshPayer, gatewayAvailable, NETWORK, settled, signedPayment, USDC, usdc, usdcBalance, walletFor } from "../support/x402";

const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };

afterAll(async () => {
  await cleanupBlogs();
  await closeDb();
});

let owner: Person;
let blog: { domain: string; siteId: string };
let admin: string;

beforeAll(async () => {
  owner = await person();
  blog = await createBlog(owner, "paid");
  admin = await blogSignIn(blog.domain, owner.account);
});

async function challenge(path: string, headers: Record<string, string> = {}) {
  const res = await blogRequest(blog.domain, path, { headers });
  expect(res.status, res.text).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
}

describe("an agent buys a paid post", () => {
  it("with @x402/fetch; then re-reads the post and its media with the proof, never paying twice", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2a6" } }).png().toBuffer();
    const photo = await upload(blog.domain, admin, { name: "tide.png", type: "image/png", data: png });
    const post = await createPost(blog.domain, admin, { type: "image", title: "Tide pool", slug: "tide-pool", body: "Look: svc-embed://0", price: "0.25", media: [photo] });
    const feeWallet = predictFeeWallet({ factory: process.env.FEE_WALLET_FACTORY_ADDRESS as Address, creator: owner.address });
    const origin = originOf(blog.domain);
    const url = `${origin}/api/svc/access?path=%2Fimage%2Ftide-pool`;

    const c = await challenge("/api/svc/access?path=/image/tide-pool");
    expect(c).toMatchObject({ x402Version: 2, resource: { url } });
    expect(c.accepts.map((x) => [x.amount, getAddress(x.payTo), x.extra.name])).toEqual([["250000", feeWallet, "USDC"], ["250000", feeWallet, "GatewayWalletBatched"]]);
    // Media of a paid post never charges: without proof it is refused.
    const noProof = await blogRequest(blog.domain, `/api/svc/media/${post.id}/photo?index=0`);
    expect(noProof.status).toBe(403);
    expect(noProof.body.code).toBe("entitlement-required");

    const payer = await freshPayer({ wallet: "1" });
    const before = await usdcBalance(feeWallet);
    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const res = await wrapFetchWithPayment(blogFetch(), client)(url, { headers: { "x-svc-actor": "agent" } });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(body).toMatchObject({
      ok: true,
      resource: { id: post.id, slug: "tide-pool", type: "image", path: "/image/tide-pool", price: "0.25" },
      content: "Look: svc-embed://0",
      access: { via: "payment", wallet: payer.address },
      entitlement: { wallet: payer.address, status: "active", source: "payment" },
      payment: { amount: 0.25, currency: "USDC", payerWallet: payer.address, protocolFee: 0.0025, paymentProvider: "x402-eip3009" },
      media: { photos: [`${origin}/api/svc/media/${post.id}/photo?index=0`], hasAudio: false, hasVideo: false, hasDocument: false, documentName: null },
    });
    expect(await usdcBalance(feeWallet)).toBe(before + usdc("0.25"));
    const payment = await db().payment.findFirstOrThrow({ where: { resourceType: "blogpost", resourceId: post.id } });
    expect(payment).toMatchObject({ payer: payer.address, amountAtomic: 250000n, siteId: blog.siteId });
    const ledger = await db().ledgerActivity.findFirstOrThrow({ where: { paymentId: payment.id } });
    expect(ledger).toMatchObject({ type: "payment", domain: blog.domain, websiteId: blog.siteId, contentTitle: "Tide pool", actor: "agent" });

    const proof = body.unlockProof as string;
    expect(proof.split(".")[0]).toBe(payer.address);
    const photoRes = await blogRequest(blog.domain, `/api/svc/media/${post.id}/photo?index=0`, { headers: { "x-svc-payment-proof": proof } });
    expect(photoRes.status).toBe(200);
    expect(photoRes.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(photoRes.bytes).metadata()).width).toBe(8);
    expect((await blogRequest(blog.domain, `/api/svc/media/${post.id}/photo?index=0&proof=${encodeURIComponent(proof)}`)).status).toBe(200);
    const again = await blogRequest(blog.domain, "/api/image/tide-pool", { headers: { "x-svc-payment-proof": proof } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ content: "Look: svc-embed://0", access: { via: "entitlement" }, unlockProof: proof });
    expect(await db().payment.count({ where: { resourceType: "blogpost", resourceId: post.id } })).toBe(1);
    // A proof for this post is worth nothing on another post, and a tampered one is refused.
    const other = await createPost(blog.domain, admin, { title: "Other", slug: "other-paid", price: "0.25" });
    expect((await blogRequest(blog.domain, "/api/article/other-paid", { headers: { "x-svc-payment-proof": proof } })).status).toBe(403);
    expect((await blogRequest(blog.domain, `/api/svc/media/${other.id}/photo`, { headers: { "x-svc-payment-proof": proof } })).status).toBe(403);
    const tampered = proof.replace(/\.(\d+)\./, (_m, iat) => `.${Number(iat) + 1}.`);
    expect((await blogRequest(blog.domain, `/api/svc/media/${post.id}/photo`, { headers: { "x-svc-payment-proof": tampered } })).status).toBe(403);

    // The owner revokes: the proof stops working; restore brings it back; a ban is a hard deny.
    const w = payer.address;
    expect((await blogRequest(blog.domain, `/api/svc/posts/${post.id}/entitlements/${w}/revoke`, { cookie: admin, method: "POST" })).body).toMatchObject({ status: "revoked" });
    expect((await blogRequest(blog.domain, `/api/svc/media/${post.id}/photo`, { headers: { "x-svc-payment-proof": proof } })).status).toBe(403);
    expect((await blogRequest(blog.domain, `/api/svc/posts/${post.id}/entitlements/${w}`, { cookie: admin, method: "DELETE" })).body).toMatchObject({ status: "active" });
    expect((await blogRequest(blog.domain, `/api/svc/media/${post.id}/photo`, { headers: { "x-svc-payment-proof": proof } })).status).toBe(200);
    expect((await blogRequest(blog.domain, `/api/svc/posts/${post.id}/entitlements/${w}/ban`, { cookie: admin, method: "POST" })).body).toMatchObject({ status: "banned" });
    const banned = await blogRequest(blog.domain, "/api/image/tide-pool", { headers: { "x-svc-payment-proof": proof } });
    expect(banned.status).toBe(403);
    expect(banned.body.code).toBe("banned");
    // Entitlement routes are the admin's.
    expect((await blogRequest(blog.domain, `/api/svc/posts/${post.id}/entitlements/${w}/revoke`, { method: "POST" })).status).toBe(401);
  });

  it("Circle's BatchEvmScheme buys one over the Gateway rail; the batch settles on chain", async () => {
    const post = await createPost(blog.domain, admin, { title: "By gateway", slug: "by-gateway", body: "Gateway-paid.", price: "0.10" });
    const payer = await freshPayer({ deposit: "1" });
    const client = new x402Client()
      .register(NETWORK, new BatchEvmScheme(payer) as unknown as SchemeNetworkClient)
      .registerPolicy((_v, reqs) => reqs.filter((r) => r.extra?.name === "GatewayWalletBatched"))
      .setSpendControls(spend);
    const res = await wrapFetchWithPayment(blogFetch(), client)(`${originOf(blog.domain)}/api/article/by-gateway`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ content: "Gateway-paid.", payment: { amount: 0.1, paymentProvider: "x402-gateway", txHash: null, payerWallet: payer.address } });
    const payment = await db().payment.findFirstOrThrow({ where: { resourceType: "blogpost", resourceId: post.id } });
    await settled(payment.id);
    expect(await gatewayAvailable(payer.address)).toBe(usdc("0.9"));
    expect((await blogRequest(blog.domain, "/api/article/by-gateway", { headers: { "x-svc-payment-proof": body.unlockProof } })).status).toBe(200);
  });

  it("the transfer rail on the short mirror", async () => {
    await createPost(blog.domain, admin, { title: "By transfer", slug: "by-transfer", body: "Transfer-paid.", price: "0.30" });
    const payer = await freshPayer({ wallet: "1" });
    const c = await challenge("/api/article/by-transfer");
    const hash = await walletFor(payer).writeContract({ address: USDC, abi: usdcAbi, functionName: "transfer", args: [getAddress(c.accepts[0]!.payTo), 300_000n], chain, account: payer });
    await chainClient.waitForTransactionReceipt({ hash });
    const owner191 = await payer.signMessage({ message: transferOwnerMessage({ chainId: 5042002, txHash: hash, resourceUrl: c.resource.url }) });
    const res = await blogRequest(blog.domain, "/api/article/by-transfer", { headers: { "x-svc-transfer-tx": hash, "x-svc-tx-owner": owner191 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ content: "Transfer-paid.", payment: { amount: 0.3, txHash: hash, payerWallet: payer.address, paymentProvider: "transfer" } });
  });
});

describe("invite-only posts", () => {
  it("deny a wallet not on the whitelist with 403 before any payment", async () => {
    const invited = await freshPayer({ wallet: "1" });
    const outsider = await freshPayer({ wallet: "1" });
    const post = await createPost(blog.domain, admin, { title: "Members", slug: "members", body: "For members.", price: "0.20", publicAccess: false, whitelist: [invited.address] });
    const anon = await blogRequest(blog.domain, "/api/svc/access?path=/article/members");
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe("not-invited");
    expect(anon.headers.get("payment-required")).toBeNull();
    const claimed = await blogRequest(blog.domain, `/api/svc/access?path=/article/members&wallet=${outsider.address}`);
    expect(claimed.status).toBe(403);
    expect(claimed.headers.get("payment-required")).toBeNull();
    // The invited wallet is offered the challenge …
    const c = await challenge(`/api/svc/access?path=/article/members&wallet=${invited.address}`);
    // … and an outsider who signs it anyway is refused before any charge.
    const { header } = await signedPayment({ requirement: c.accepts[0]!, signer: outsider, resource: c.resource });
    const paid = await blogRequest(blog.domain, "/api/svc/access?path=/article/members", { headers: { "payment-signature": header } });
    expect(paid.status).toBe(403);
    expect(paid.body.code).toBe("not-invited");
    expect(await db().payment.count({ where: { resourceType: "blogpost", resourceId: post.id } })).toBe(0);
    expect(await usdcBalance(outsider.address)).toBe(usdc("1"));
    // The invited payer buys it.
    const { header: ok } = await signedPayment({ requirement: c.accepts[0]!, signer: invited, resource: c.resource });
    const bought = await blogRequest(blog.domain, "/api/svc/access?path=/article/members", { headers: { "payment-signature": ok } });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.body.content).toBe("For members.");

    // Quote and access control say the same.
    const q = await blogRequest(blog.domain, `/api/svc/posts/${post.id}/quote?wallet=${outsider.address}`);
    expect(q.body).toMatchObject({ kind: "post", decision: "denied", reason: "not-invited", price: "0.2", amount: null, publicAccess: false, expiresAt: null });
    const q2 = await blogRequest(blog.domain, `/api/svc/posts/members/quote`);
    expect(q2.body).toMatchObject({ decision: "denied", reason: "not-invited" });
    // The buyer's proof: granted through its entitlement, in the words a share's quote uses.
    const mine = await blogRequest(blog.domain, `/api/svc/posts/${post.id}/quote`, { headers: { "x-svc-payment-proof": bought.body.unlockProof } });
    expect(mine.body).toMatchObject({ kind: "post", decision: "grant", reason: "entitlement", wallet: invited.address, possessed: true, tier: "whitelist", amount: null, path: "/article/members" });
    const ac = await blogRequest(blog.domain, `/api/svc/posts/${post.id}/access-control`, { cookie: admin });
    expect(ac.body).toMatchObject({ whitelist: [invited.address], publicAccess: false, tier: "public", price: "0.2" });
    // The same list-and-entitlements view as a share's: the invited payer holds a paid entitlement.
    expect(ac.body.entitlements).toEqual([{ wallet: invited.address, status: "active", source: "payment", updatedAt: expect.any(String) }]);
    expect((await blogRequest(blog.domain, `/api/svc/posts/${post.id}/access-control`)).status).toBe(401);
    const put = await blogRequest(blog.domain, `/api/svc/posts/${post.id}/access-control`, { cookie: admin, method: "PUT", json: { publicAccess: true, tier: "supporters", whitelist: [] } });
    expect(put.body).toMatchObject({ publicAccess: true, tier: "supporters", whitelist: [] });
    const q3 = await blogRequest(blog.domain, `/api/svc/posts/${post.id}/quote?wallet=${outsider.address}`);
    expect(q3.body).toMatchObject({ decision: "payment-required", amount: "0.2", tier: "public", label: "supporters" });
  });
});

describe("document previews", () => {
  const csv = Array.from({ length: 30 }, (_, i) => `row${i},${i * 2},"note, ${i}"`).join("\n") + "\n";
  const text = Array.from({ length: 2400 }, (_, i) => String.fromCharCode(97 + (i % 26))).join("");

  it("a paid sheet shows exactly 12 rows without proof and every row behind it; download needs the proof", async () => {
    const ref = await upload(blog.domain, admin, { name: "tides.csv", type: "text/csv", data: csv });
    const post = await createPost(blog.domain, admin, { type: "document", title: "Tide sheet", slug: "tide-sheet", body: "The sheet.", price: "0.15", media: [ref] });
    const teaser = await blogRequest(blog.domain, "/api/blog/posts/tide-sheet");
    expect(teaser.body.post).toMatchObject({ isLocked: true, body: null, media: null, document: { name: "tides.csv", contentType: "text/csv", render: { kind: "sheet", totalRows: 30, truncated: true } } });
    expect(teaser.body.post.document.render.rows).toHaveLength(12);
    expect(teaser.body.post.document.render.rows[11]).toEqual(["row11", "22", "note, 11"]);
    expect(teaser.text).not.toContain("row12");
    const page = await blogRequest(blog.domain, "/document/tide-sheet", { headers: { accept: "text/html" } });
    expect(page.text).toContain("row11");
    expect(page.text).not.toContain("row12");
    expect(page.text).toContain("12 of 30 rows");
    expect((await blogRequest(blog.domain, `/api/svc/media/${post.id}/document`)).status).toBe(403);

    const payer = await freshPayer({ wallet: "1" });
    const c = await challenge("/api/document/tide-sheet");
    const { header } = await signedPayment({ requirement: c.accepts[0]!, signer: payer, resource: c.resource });
    const full = await blogRequest(blog.domain, "/api/document/tide-sheet", { headers: { "payment-signature": header } });
    expect(full.status, full.text).toBe(200);
    expect(full.body.media).toMatchObject({ hasDocument: true, documentName: "tides.csv", documentSize: Buffer.byteLength(csv), documentContentType: "text/csv" });
    expect(full.body.document.render).toMatchObject({ kind: "sheet", totalRows: 30, truncated: false });
    expect(full.body.document.render.rows).toHaveLength(30);
    const dl = await blogRequest(blog.domain, `/api/svc/media/${post.id}/document?download=1`, { headers: { "x-svc-payment-proof": full.body.unlockProof } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment; filename="tides.csv"/);
    expect(dl.text).toBe(csv);
  });

  it("a paid text shows exactly 1,600 characters without proof; a free document renders fully", async () => {
    const ref = await upload(blog.domain, admin, { name: "log.txt", type: "text/plain", data: text });
    await createPost(blog.domain, admin, { type: "document", title: "Ship's log", slug: "ships-log", price: "0.15", media: [ref] });
    const teaser = await blogRequest(blog.domain, "/api/blog/posts/ships-log");
    const render = teaser.body.post.document.render;
    expect(render).toMatchObject({ kind: "text", totalChars: 2400, truncated: true });
    expect(render.text).toBe(text.slice(0, 1600));

    const freeRef = await upload(blog.domain, admin, { name: "free.csv", type: "text/csv", data: csv });
    await createPost(blog.domain, admin, { type: "document", title: "Free sheet", slug: "free-sheet", price: "0", media: [freeRef] });
    const free = await blogRequest(blog.domain, "/api/blog/posts/free-sheet");
    expect(free.body.post).toMatchObject({ isLocked: false, document: { render: { kind: "sheet", totalRows: 30, truncated: false } } });
    expect(free.body.post.document.render.rows).toHaveLength(30);
    expect(free.body.post.media).toMatchObject({ hasDocument: true, documentName: "free.csv" });
    const page = await blogRequest(blog.domain, "/document/free-sheet", { headers: { accept: "text/html" } });
    expect(page.text).toContain("row29");
  });
});

describe("admin balances", () => {
  it("GET /api/svc/gateway/balances reads the admin's Gateway deposit; readers are refused", async () => {
    const res = await blogRequest(blog.domain, "/api/svc/gateway/balances", { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, wallet: owner.address, available: "0", locked: "0" });
    const reader = await blogSignIn(blog.domain, (await person()).account);
    expect((await blogRequest(blog.domain, "/api/svc/gateway/balances", { cookie: reader })).status).toBe(403);
  });
});
