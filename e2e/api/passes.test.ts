// Passes (docs/passes.md): a blog's pass is sold over x402 on every rail through the access engine,
// grants every paid public post of its blog on every path (agent page, access route, media,
// sign-in-with-x, /hub/pay, MCP buy_content) and nowhere else, ends on time (test clock), extends
// from its end, and never charges or extends twice for one payment.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { createSIWxPayload, encodeSIWxHeader, SIGN_IN_WITH_X, type SIWxExtension } from "@x402/extensions/sign-in-with-x";
import { x402Client } from "@x402/fetch";
import sharp from "sharp";
import { getAddress, type PrivateKeyAccount } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usdcAbi } from "../../lib/chain/abis";
import { answerDrift } from "../../lib/http/answer-drift";
import { paidPassResponse } from "../../lib/schemas/passes";
import { paidPostResponseSchema } from "../../lib/schemas/x402";
import { transferOwnerMessage } from "../../lib/x402/transfer-owner-message";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf, upload } from "../support/blog";
import { api, HUB_URL } from "../support/hub";
import { closeDb, db, person, type Person } from "../support/quickshare";
import { chain, chainClient, freshPayer, NETWORK, pay, signedPayment, USDC, usdc, usdcBalance, walletFor } from "../support/x402";

const DAY = 86_400_000;
const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };
const clients: Client[] = [];

let owner: Person;
let blog: { domain: string; siteId: string };
let other: { domain: string; siteId: string };
let admin: string;
let otherAdmin: string;
let posts: { id: string; path: string; slug: string }[];
let photoPost: { id: string; path: string };
let otherPost: { id: string; path: string };

beforeAll(async () => {
  owner = await person();
  blog = await createBlog(owner, "pass");
  other = await createBlog(owner, "nopass");
  admin = await blogSignIn(blog.domain, owner.account);
  otherAdmin = await blogSignIn(other.domain, owner.account);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#38a" } }).png().toBuffer();
  const photo = await upload(blog.domain, admin, { name: "reef.png", type: "image/png", data: png });
  posts = [
    await createPost(blog.domain, admin, { title: "Neap tide", slug: "neap", body: "Low range.", price: "0.25" }),
    await createPost(blog.domain, admin, { title: "Ebb", slug: "ebb", body: "Water going out.", price: "0.5" }),
  ];
  photoPost = await createPost(blog.domain, admin, { type: "image", title: "Reef", slug: "reef", body: "svc-embed://0", price: "0.3", media: [photo] });
  otherPost = await createPost(other.domain, otherAdmin, { title: "Elsewhere", slug: "elsewhere", body: "Another blog.", price: "0.2" });
  await blogRequest(other.domain, "/api/admin/pass", { cookie: otherAdmin, method: "PUT", json: { price: "1", durationDays: 7 } });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await cleanupBlogs();
  await closeDb();
});

const passChallenge = async () => {
  const res = await blogRequest(blog.domain, "/api/svc/pass");
  expect(res.status, res.text).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
};
const buyWithSignature = async (payer: PrivateKeyAccount, option = 0) => {
  const c = await passChallenge();
  const { header } = await signedPayment({ requirement: c.accepts[option]!, signer: payer, resource: c.resource });
  return { header, res: await blogRequest(blog.domain, "/api/svc/pass", { headers: { "payment-signature": header } }) };
};
const passOf = (wallet: string) => db().pass.findFirstOrThrow({ where: { siteId: blog.siteId, wallet } });

async function siwxFor(domain: string, path: string, signer: PrivateKeyAccount) {
  const res = await blogRequest(domain, path);
  expect(res.status, res.text).toBe(402);
  const challenge = decodePaymentRequiredHeader(res.headers.get("payment-required")!) as PaymentRequired;
  const ext = challenge.extensions?.[SIGN_IN_WITH_X] as SIWxExtension;
  const info = { ...ext.info, chainId: ext.supportedChains[0]!.chainId, type: ext.supportedChains[0]!.type };
  return encodeSIWxHeader(await createSIWxPayload(info, signer, `${originOf(domain)}${path}`));
}

async function mcpBuy(args: Record<string, unknown>, payment?: unknown) {
  const client = new Client({ name: "hub-e2e-passes", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${HUB_URL}/mcp`)));
  clients.push(client);
  return (await client.callTool({ name: "buy_content", arguments: args, ...(payment ? { _meta: { "x402/payment": payment } } : {}) })) as { isError?: boolean; structuredContent?: Record<string, any> };
}

describe("the editor sets up a pass", () => {
  it("PUT /api/admin/pass is the admin's; GET lists the offer; the pass route then answers 402 on both rails", async () => {
    expect((await blogRequest(blog.domain, "/api/svc/pass")).status).toBe(404);
    expect((await blogRequest(blog.domain, "/api/admin/pass", { method: "PUT", json: { price: "2", durationDays: 30 } })).status).toBe(401);
    const bad = await blogRequest(blog.domain, "/api/admin/pass", { cookie: admin, method: "PUT", json: { price: "0", durationDays: 30 } });
    expect(bad.status).toBe(400);
    const put = await blogRequest(blog.domain, "/api/admin/pass", { cookie: admin, method: "PUT", json: { price: "2", durationDays: 30 } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.offer).toMatchObject({ price: "2", priceAtomic: "2000000", durationDays: 30, active: true, url: `${originOf(blog.domain)}/api/svc/pass` });
    const c = await passChallenge();
    expect(c.resource.url).toBe(`${originOf(blog.domain)}/api/svc/pass`);
    expect(c.accepts.map((a) => [a.amount, a.extra.name])).toEqual([["2000000", "USDC"], ["2000000", "GatewayWalletBatched"]]);
  });
});

describe("a pass bought over x402", () => {
  let a: PrivateKeyAccount;
  let b: PrivateKeyAccount;
  let g: PrivateKeyAccount;
  let proofA: string;
  let firstEnd: number;

  it("plain EIP-3009: 200 with the pass, a receipt, a payment row and a ledger row of subkind pass; a replay charges and extends nothing", async () => {
    a = await freshPayer({ wallet: "10" });
    const before = Date.now();
    const { header, res } = await buyWithSignature(a);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ ok: true, pass: { wallet: a.address, active: true }, access: { via: "payment", wallet: a.address }, payment: { amount: 2, payerWallet: a.address, paymentProvider: "x402-eip3009" } });
    const end = Date.parse(res.body.pass.endsAt);
    expect(end).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    expect(res.body.purchase).toMatchObject({ amount: "2", endsAt: res.body.pass.endsAt });
    firstEnd = end;
    proofA = res.body.unlockProof;
    expect(await usdcBalance(a.address)).toBe(usdc("8"));
    const payment = await db().payment.findFirstOrThrow({ where: { resourceType: "pass", payer: a.address } });
    expect(payment).toMatchObject({ amountAtomic: 2_000_000n, siteId: blog.siteId });
    expect(await db().ledgerActivity.findFirstOrThrow({ where: { paymentId: payment.id } })).toMatchObject({ type: "payment", subkind: "pass", websiteId: blog.siteId, domain: blog.domain });
    expect(res.body.purchase.paymentId).toBe(payment.id);

    const replay = await blogRequest(blog.domain, "/api/svc/pass", { headers: { "payment-signature": header } });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.purchase.paymentId).toBe(payment.id);
    expect(replay.body.pass.endsAt).toBe(res.body.pass.endsAt);
    expect(await db().payment.count({ where: { resourceType: "pass", payer: a.address } })).toBe(1);
    expect(await db().passPurchase.count({ where: { wallet: a.address } })).toBe(1);
    expect(await usdcBalance(a.address)).toBe(usdc("8"));
  });

  it("grants every paid post of the blog on every path, with no new payment", async () => {
    const proof = { "x-svc-payment-proof": proofA };
    for (const p of posts) {
      const page = await blogRequest(blog.domain, p.path, { headers: { accept: "application/json", "x-svc-actor": "agent", ...proof } });
      expect(page.status, page.text).toBe(200);
      expect(page.body).toMatchObject({ access: { via: "entitlement", wallet: a.address }, entitlement: { source: "pass" } });
      const access = await blogRequest(blog.domain, `/api/svc/access?path=${encodeURIComponent(p.path)}`, { headers: proof });
      expect(access.status, access.text).toBe(200);
    }
    expect((await blogRequest(blog.domain, `/api/svc/media/${photoPost.id}/photo?index=0`, { headers: proof })).status).toBe(200);
    expect((await blogRequest(blog.domain, `/api/svc/media/${photoPost.id}/photo?index=0&proof=${encodeURIComponent(proofA)}`)).status).toBe(200);
    // Sign-in-with-x: the post's own challenge, signed by the pass holder.
    const siwx = await siwxFor(blog.domain, "/api/article/ebb", a);
    const byX = await blogRequest(blog.domain, "/api/article/ebb", { headers: { [SIGN_IN_WITH_X]: siwx } });
    expect(byX.status, byX.text).toBe(200);
    expect(byX.body).toMatchObject({ content: "Water going out.", entitlement: { source: "pass" } });
    // /hub/pay with a signed payment for the post: granted, nothing charged.
    const c = decodePaymentRequiredHeader((await pay({ contentId: `post:${posts[0]!.id}` })).headers.get("payment-required")!);
    const { header } = await signedPayment({ requirement: c.accepts[0]!, signer: a, resource: c.resource });
    const hubPay = await pay({ contentId: `post:${posts[0]!.id}` }, { "payment-signature": header });
    expect(hubPay.status, JSON.stringify(hubPay.body)).toBe(200);
    expect(hubPay.body).toMatchObject({ payment: null, post: { content: "Low range.", access: { via: "entitlement" } } });
    // MCP buy_content, paid with a stock scheme: the post, no charge.
    const x402 = new x402Client().register(NETWORK, new ExactEvmScheme(a)).setSpendControls(spend);
    const required = (await mcpBuy({ contentId: `post:${posts[1]!.id}` })).structuredContent as unknown as PaymentRequired;
    const bought = await mcpBuy({ contentId: `post:${posts[1]!.id}` }, await x402.createPaymentPayload(required));
    expect(bought.isError ?? false).toBe(false);
    expect(bought.structuredContent).toMatchObject({ post: { content: "Water going out.", access: { via: "entitlement" } } });
    // The MCP server has no answer check of its own: the answer is exactly what /hub/pay declares.
    expect(answerDrift(paidPostResponseSchema, bought.structuredContent)).toBeNull();
    expect(await db().payment.count({ where: { resourceType: "blogpost", payer: a.address } })).toBe(0);
    expect(await usdcBalance(a.address)).toBe(usdc("8"));
    // Without any proof of the wallet, a claim is charged as anyone.
    expect((await blogRequest(blog.domain, `/api/article/neap?wallet=${a.address}`)).status).toBe(402);
  });

  it("is free only on its own blog", async () => {
    const proof = await blogRequest(other.domain, otherPost.path, { headers: { accept: "application/json", "x-svc-payment-proof": proofA } });
    expect(proof.status).toBe(403);
    expect(proof.body.code).toBe("invalid-proof");
    const siwx = await siwxFor(other.domain, "/api/article/elsewhere", a);
    expect((await blogRequest(other.domain, "/api/article/elsewhere", { headers: { [SIGN_IN_WITH_X]: siwx } })).status).toBe(402);
    const session = await blogSignIn(other.domain, a);
    expect((await blogRequest(other.domain, "/api/article/elsewhere", { cookie: session })).status).toBe(402);
  });

  it("buying again extends it from its end", async () => {
    const { res } = await buyWithSignature(a);
    expect(res.status, res.text).toBe(200);
    expect(Date.parse(res.body.purchase.startsAt)).toBe(firstEnd);
    expect(Date.parse(res.body.pass.endsAt)).toBe(firstEnd + 30 * DAY);
    expect(Date.parse((await passOf(a.address)).endsAt.toISOString())).toBe(firstEnd + 30 * DAY);
    expect(await usdcBalance(a.address)).toBe(usdc("6"));
  });

  it("ends on time: a day before its end the posts read, a minute after they charge again", async () => {
    const end = (await passOf(a.address)).endsAt.getTime();
    const session = await blogSignIn(blog.domain, a);
    const at = (ms: number) => ({ "x-hub-test-now": new Date(ms).toISOString() });
    const before = await blogRequest(blog.domain, "/api/article/neap", { cookie: session, headers: at(end - DAY) });
    expect(before.status, before.text).toBe(200);
    expect(before.body.entitlement).toMatchObject({ source: "pass" });
    const after = await blogRequest(blog.domain, "/api/article/neap", { cookie: session, headers: at(end + 60_000) });
    expect(after.status, after.text).toBe(402);
    expect((await blogRequest(blog.domain, `/api/svc/media/${photoPost.id}/photo?index=0`, { cookie: session, headers: at(end + 60_000) })).status).toBe(403);
  });

  it("the transfer rail: a mined USDC transfer buys it; the same tx again extends nothing", async () => {
    b = await freshPayer({ wallet: "3" });
    const c = await passChallenge();
    const hash = await walletFor(b).writeContract({ address: USDC, abi: usdcAbi, functionName: "transfer", args: [getAddress(c.accepts[0]!.payTo), 2_000_000n], chain, account: b });
    await chainClient.waitForTransactionReceipt({ hash });
    const owner191 = await b.signMessage({ message: transferOwnerMessage({ chainId: 5042002, txHash: hash, resourceUrl: c.resource.url }) });
    const headers = { "x-svc-transfer-tx": hash, "x-svc-tx-owner": owner191 };
    const res = await blogRequest(blog.domain, "/api/svc/pass", { headers });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ pass: { wallet: b.address, active: true }, payment: { amount: 2, txHash: hash, paymentProvider: "transfer" } });
    const again = await blogRequest(blog.domain, "/api/svc/pass", { headers });
    expect(again.status, again.text).toBe(200);
    expect(again.body.pass.endsAt).toBe(res.body.pass.endsAt);
    expect(await db().passPurchase.count({ where: { wallet: b.address } })).toBe(1);
    const read = await blogRequest(blog.domain, "/api/article/ebb", { headers: { "x-svc-payment-proof": res.body.unlockProof } });
    expect(read.status, read.text).toBe(200);
    expect(read.body.entitlement).toMatchObject({ source: "pass" });
  });

  it("the Gateway rail, twice at once: two extensions exactly; a post bought singly stays bought after the pass ends", async () => {
    g = await freshPayer({ deposit: "6" });
    // Bought singly first.
    const pc = decodePaymentRequiredHeader((await blogRequest(blog.domain, "/api/article/neap")).headers.get("payment-required")!);
    const single = await signedPayment({ requirement: pc.accepts[1]!, signer: g, resource: pc.resource });
    expect((await blogRequest(blog.domain, "/api/article/neap", { headers: { "payment-signature": single.header } })).status).toBe(200);

    const c = await passChallenge();
    const [one, two] = await Promise.all([0, 1].map(() => signedPayment({ requirement: c.accepts[1]!, signer: g, resource: c.resource })));
    const started = Date.now();
    const results = await Promise.all([one!, two!].map(({ header }) => blogRequest(blog.domain, "/api/svc/pass", { headers: { "payment-signature": header } })));
    for (const r of results) expect(r.status, r.text).toBe(200);
    const purchases = await db().passPurchase.findMany({ where: { wallet: g.address }, orderBy: { startsAt: "asc" } });
    expect(purchases).toHaveLength(2);
    expect(purchases[1]!.startsAt.getTime()).toBe(purchases[0]!.endsAt.getTime());
    const pass = await passOf(g.address);
    expect(pass.endsAt.getTime()).toBe(purchases[0]!.startsAt.getTime() + 60 * DAY);
    expect(pass.endsAt.getTime()).toBeGreaterThanOrEqual(started + 60 * DAY - 1000);
    // Three payments, each charged once: the post and two passes (Gateway locks, settled in batches).
    const paid = await db().payment.aggregate({ where: { payer: g.address }, _sum: { amountAtomic: true }, _count: { _all: true } });
    expect(paid).toMatchObject({ _count: { _all: 3 }, _sum: { amountAtomic: usdc("4.25") } });

    const session = await blogSignIn(blog.domain, g);
    const later = { "x-hub-test-now": new Date(pass.endsAt.getTime() + 60_000).toISOString() };
    const kept = await blogRequest(blog.domain, "/api/article/neap", { cookie: session, headers: later });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.entitlement).toMatchObject({ source: "payment" });
    expect((await blogRequest(blog.domain, "/api/article/ebb", { cookie: session, headers: later })).status).toBe(402);
  });

  it("is sold through /hub/pay and MCP buy_content too, by its URL, with the blog's challenge and receipt", async () => {
    const passUrl = `${originOf(blog.domain)}/api/svc/pass`;
    const h = await freshPayer({ wallet: "5" });
    const unpaid = await pay({ url: passUrl });
    expect(unpaid.status).toBe(402);
    const c = decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!);
    expect(c.resource.url).toBe(passUrl);
    expect(c.accepts[0]!.amount).toBe("2000000");
    const { header } = await signedPayment({ requirement: c.accepts[0]!, signer: h, resource: c.resource });
    const paid = await pay({ url: passUrl }, { "payment-signature": header });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ success: true, kind: "pass", pass: { wallet: h.address, active: true }, receiptUrl: expect.stringContaining("/hub/receipts/") });
    const x402 = new x402Client().register(NETWORK, new ExactEvmScheme(h)).setSpendControls(spend);
    const required = (await mcpBuy({ url: passUrl })).structuredContent as unknown as PaymentRequired;
    expect(required.accepts[0]!.amount).toBe("2000000");
    const viaMcp = await mcpBuy({ url: passUrl }, await x402.createPaymentPayload(required));
    expect(viaMcp.isError ?? false).toBe(false);
    expect(viaMcp.structuredContent).toMatchObject({ kind: "pass", pass: { wallet: h.address } });
    expect(answerDrift(paidPassResponse, viaMcp.structuredContent)).toBeNull();
    expect(Date.parse(viaMcp.structuredContent!.purchase.startsAt)).toBe(Date.parse(paid.body.pass.endsAt));
    expect(await usdcBalance(h.address)).toBe(usdc("1"));
    expect(await db().passPurchase.count({ where: { wallet: h.address } })).toBe(2);
  });

  it("the editor lists the passes sold (buyer, amount, start, end); stats count the sales", async () => {
    expect((await blogRequest(blog.domain, "/api/admin/pass")).status).toBe(401);
    const res = await blogRequest(blog.domain, "/api/admin/pass", { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.offer).toMatchObject({ price: "2", durationDays: 30 });
    const sales = res.body.sales as { buyer: string; startsAt: string; endsAt: string; amount: string; paymentId: string }[];
    const of = (w: string) => sales.filter((x) => x.buyer === w);
    expect([of(a.address).length, of(b.address).length, of(g.address).length]).toEqual([2, 1, 2]);
    expect(res.body.activePasses).toBeGreaterThanOrEqual(3);
    const first = of(a.address).at(-1)!;
    expect(first).toMatchObject({ amount: "2", siteId: blog.siteId, receiptUrl: expect.stringContaining("/hub/receipts/") });
    expect(Date.parse(first.endsAt) - Date.parse(first.startsAt)).toBe(30 * DAY);
    // Every sale has its ledger row (payment, subkind pass) attributed to the blog.
    const ledger = await db().ledgerActivity.count({ where: { websiteId: blog.siteId, type: "payment", subkind: "pass", paymentId: { in: sales.map((x) => x.paymentId) } } });
    expect(ledger).toBe(sales.length);
    // The creator's hub dashboard lists them too, and counts them among the sales it earned.
    const board = await api<string>("/dashboard", { cookie: owner.cookie, headers: { accept: "text/html" } });
    expect(board.status).toBe(200);
    expect(board.body).toContain("Passes sold");
    for (const w of [a.address, b.address, g.address]) expect(board.body).toContain(`${w.slice(0, 6)}…${w.slice(-4)}`);
    expect(board.body).toContain("Sale of a pass");
  });
});
