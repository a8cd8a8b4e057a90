// Everything explore lists, a stock x402 client buys from its card alone: creator-site content through
// POST /hub/pay, a hosted post by its card's id (POST /hub/pay) and by its card's URL (the post page
// answers agents with the post's access route), a whitelist-priced post at each wallet's tier, an
// invite-only post (no card: by its externalId post:<id>) for invited wallets only. A bought post is
// then readable on the blog's page and access route for that wallet, and buying it again charges nothing.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogFetch, blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf } from "../support/blog";
import { api, HUB_URL } from "../support/hub";
import { closeDb, db, person, type Person } from "../support/quickshare";
import { freshPayer, NETWORK, USDC, usdc, usdcBalance } from "../support/x402";

const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };

type Card = { id: string; url: string; title: string; price: number; externalId: string; x402: { resource: string; method: "GET" | "POST"; body: { contentId: string } | null; resourceUrl: string } | null };

let owner: Person;
let blog: { domain: string; siteId: string; origin: string };
let admin: string;

beforeAll(async () => {
  owner = await person();
  blog = await createBlog(owner, "agent");
  admin = await blogSignIn(blog.domain, owner.account);
});
afterAll(async () => {
  await cleanupBlogs();
  await closeDb();
});

async function card(q: string, match: (c: Card) => boolean): Promise<Card> {
  const res = await api(`/hub/explore/content?limit=100&q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  const found = (res.body.content as Card[]).find(match);
  if (!found) throw new Error(`no explore card for ${q}`);
  return found;
}

/** A stock @x402/fetch client paying from a fresh wallet with `wallet` USDC. */
async function stockClient(wallet = "1") {
  const payer = await freshPayer({ wallet });
  const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
  return { payer, hubFetch: wrapFetchWithPayment(fetch, client), blogFetch: wrapFetchWithPayment(blogFetch(), client) };
}

function postJson(f: typeof fetch, url: string, body: unknown) {
  return f(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

const postPayments = (postId: string) => db().payment.count({ where: { resourceType: "blogpost", resourceId: postId } });

/** The post is the wallet's now: the blog's access route and its page (signed in) grant it without payment. */
async function readableBy(payer: { address: Address } & Parameters<typeof blogSignIn>[1], post: { path: string }, body: string, proof: string) {
  const access = await blogRequest(blog.domain, `/api/svc/access?path=${encodeURIComponent(post.path)}`, { headers: { "x-svc-payment-proof": proof } });
  expect(access.status, access.text).toBe(200);
  expect(access.body).toMatchObject({ content: body, access: { via: "entitlement", wallet: payer.address } });
  const cookie = await blogSignIn(blog.domain, payer);
  const page = await blogRequest(blog.domain, post.path, { cookie, headers: { accept: "text/html" } });
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  expect(page.text).toContain(body);
}

describe("creator-site content (seeded liner-notes)", () => {
  it("is bought through the card's x402 resource (POST /hub/pay with its id), and by its url", async () => {
    const c = await card("Liner notes", (x) => x.externalId === "liner-notes");
    expect(c.x402).toEqual({ resource: `${HUB_URL}/hub/pay`, method: "POST", body: { contentId: c.id }, resourceUrl: c.url });
    const { payer, hubFetch } = await stockClient();
    const res = await postJson(hubFetch, `${HUB_URL}/hub/pay`, c.x402!.body);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.payment).toMatchObject({ amount: 0.01, payer: payer.address, contentId: c.id });
    // The signed receipt names the card's resourceUrl.
    const receipt = await api(`/hub/receipts/${body.payment.paymentId}`);
    expect(receipt.body.receipt.payload.resourceUrl).toBe(c.x402!.resourceUrl);

    const other = await stockClient();
    const byUrl = await postJson(other.hubFetch, `${HUB_URL}/hub/pay`, { url: c.url });
    expect(byUrl.status).toBe(200);
    expect((await byUrl.json()).payment).toMatchObject({ amount: 0.01, payer: other.payer.address, contentId: c.id });
  });
});

describe("a hosted post", () => {
  it("is bought by its card's id on /hub/pay and by its card's URL; then it is the wallet's, and buying again charges nothing", async () => {
    const post = await createPost(blog.domain, admin, { title: "Ebb charts", slug: "ebb-charts", body: "Slack water at 06:12.", price: "0.05" });
    const c = await card(blog.domain, (x) => x.title === "Ebb charts");
    const origin = originOf(blog.domain);
    expect(c.url).toBe(`${origin}/article/ebb-charts`);
    expect(c.x402).toEqual({ resource: c.url, method: "GET", body: null, resourceUrl: `${origin}/api/svc/access?path=%2Farticle%2Febb-charts` });
    expect((await api("/.well-known/x402")).body.resources).toContain(c.url);

    // The hub's 402 for the card's id is the post's own challenge.
    const unpaid = await api("/hub/pay", { json: { contentId: c.id } });
    expect(unpaid.status).toBe(402);
    expect(unpaid.headers.get("cache-control")).toContain("no-store");
    const hubChallenge = decodePaymentRequiredHeader(unpaid.headers.get("payment-required")!);
    expect(hubChallenge.resource.url).toBe(`${origin}/api/svc/access?path=%2Farticle%2Febb-charts`);
    expect(hubChallenge.accepts.map((a) => a.amount)).toEqual(["50000", "50000"]);

    // By id, through /hub/pay.
    const a = await stockClient();
    const res = await postJson(a.hubFetch, `${HUB_URL}/hub/pay`, { contentId: c.id });
    const paid = await res.json();
    expect(res.status, JSON.stringify(paid)).toBe(200);
    expect(paid).toMatchObject({
      success: true,
      kind: "post",
      payment: { amount: 0.05, payer: a.payer.address, rail: "eip3009", status: "settled" },
      accessUrl: `${origin}/api/svc/access?path=%2Farticle%2Febb-charts`,
      pageUrl: c.url,
      post: { content: "Slack water at 06:12.", access: { via: "payment", wallet: a.payer.address }, entitlement: { wallet: a.payer.address, status: "active", source: "payment" } },
    });
    expect(paid.receiptUrl).toBe(`${HUB_URL}/hub/receipts/${paid.payment.paymentId}`);
    expect(paid.unlockProof.split(".")[0]).toBe(a.payer.address);
    expect(res.headers.get("payment-response")).toBeTruthy();
    expect((await api(`/hub/receipts/${paid.payment.paymentId}`)).body.receipt.payload.resourceUrl).toBe(c.x402!.resourceUrl);
    const row = await db().payment.findUniqueOrThrow({ where: { id: paid.payment.paymentId } });
    expect(row).toMatchObject({ resourceType: "blogpost", resourceId: post.id, amountAtomic: 50000n, siteId: blog.siteId });
    await readableBy(a.payer, post, "Slack water at 06:12.", paid.unlockProof);

    // By URL: the card's url as it is, with the stock client (no Accept header: an agent).
    const b = await stockClient();
    const byUrl = await b.blogFetch(c.x402!.resource);
    const read = await byUrl.json();
    expect(byUrl.status, JSON.stringify(read)).toBe(200);
    expect(read).toMatchObject({ content: "Slack water at 06:12.", access: { via: "payment", wallet: b.payer.address }, payment: { amount: 0.05, payerWallet: b.payer.address } });
    await readableBy(b.payer, post, "Slack water at 06:12.", read.unlockProof);
    expect(await postPayments(post.id)).toBe(2);

    // Bought already: a signed payment is not charged, by id or by URL.
    const before = await usdcBalance(a.payer.address);
    const again = await postJson(a.hubFetch, `${HUB_URL}/hub/pay`, { contentId: c.id });
    const againBody = await again.json();
    expect(again.status, JSON.stringify(againBody)).toBe(200);
    expect(againBody).toMatchObject({ kind: "post", payment: null, receiptUrl: null, post: { access: { via: "entitlement", wallet: a.payer.address } } });
    const againUrl = await a.blogFetch(c.url);
    expect(againUrl.status).toBe(200);
    expect(await againUrl.json()).toMatchObject({ access: { via: "entitlement" }, payment: null });
    expect(await usdcBalance(a.payer.address)).toBe(before);
    expect(await postPayments(post.id)).toBe(2);
  });

  it("a 402 to a payment says why in the challenge's error (what @x402/core reads), and is no-store", async () => {
    await createPost(blog.domain, admin, { title: "Rip", slug: "rip-current", body: "Swim parallel.", price: "0.03" });
    const payer = await freshPayer({ wallet: "1" });
    // A client policy (the package's own hook) that offers less than asked.
    const underpaying = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend)
      .registerPolicy((_v, reqs) => reqs.map((r) => ({ ...r, amount: "1000" })));
    for (const url of [`${originOf(blog.domain)}/article/rip-current`]) {
      const res = await wrapFetchWithPayment(blogFetch(), underpaying)(url);
      expect(res.status).toBe(402);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const required = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
      expect(required.error).toBe("accepted_mismatch");
      expect((await res.json()).reason).toBe("accepted_mismatch");
    }
    const viaHub = await wrapFetchWithPayment(fetch, underpaying)(`${HUB_URL}/hub/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ contentId: "liner-notes" }) });
    expect(viaHub.status).toBe(402);
    expect(viaHub.headers.get("cache-control")).toBe("no-store");
    expect(decodePaymentRequiredHeader(viaHub.headers.get("payment-required")!).error).toBe("accepted_mismatch");
    expect(await usdcBalance(payer.address)).toBe(usdc("1"));
  });

  it("page URL: an agent gets the access route's 402 (same body and challenge), a browser the page", async () => {
    await createPost(blog.domain, admin, { title: "Neap", slug: "neap", body: "Small tides.", price: "0.02" });
    const viaPage = await blogRequest(blog.domain, "/article/neap", { headers: { accept: "application/json", "x-svc-actor": "agent" } });
    const viaAccess = await blogRequest(blog.domain, "/api/svc/access?path=%2Farticle%2Fneap", { headers: { accept: "application/json", "x-svc-actor": "agent" } });
    expect(viaPage.status).toBe(402);
    expect(viaAccess.status).toBe(402);
    for (const name of ["content-type", "cache-control", "access-control-expose-headers"]) expect(viaPage.headers.get(name), name).toBe(viaAccess.headers.get(name));
    const strip = (b: { extensions?: unknown }) => ({ ...b, extensions: undefined });
    expect(strip(viaPage.body)).toEqual(strip(viaAccess.body));
    const [p, q] = [viaPage, viaAccess].map((r) => decodePaymentRequiredHeader(r.headers.get("payment-required")!));
    expect(p!.accepts).toEqual(q!.accepts);
    expect(p!.resource).toEqual(q!.resource);
    // Declared agent with an HTML Accept: still the access route. A browser: the page.
    expect((await blogRequest(blog.domain, "/article/neap", { headers: { accept: "text/html", "x-svc-actor": "agent" } })).status).toBe(402);
    const page = await blogRequest(blog.domain, "/article/neap", { headers: { accept: "text/html,application/xhtml+xml" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    // Next's own client router (RSC, no HTML Accept) stays on the page.
    // (Next first redirects a request without its cache-busting `_rsc` parameter to the URL that has it.)
    const first = await blogRequest(blog.domain, "/article/neap", { headers: { rsc: "1", accept: "*/*" } });
    const location = first.status === 307 ? first.headers.get("location")! : "/article/neap";
    expect(location.startsWith("/article/neap")).toBe(true);
    const rsc = await blogRequest(blog.domain, location, { headers: { rsc: "1", accept: "*/*" } });
    expect(rsc.status).toBe(200);
    expect(rsc.headers.get("content-type")).toContain("text/x-component");
    expect(rsc.headers.get("payment-required")).toBeNull();
    // An unknown post's URL answers an agent the access route's 404 JSON.
    const missing = await blogRequest(blog.domain, "/article/no-such-post", { headers: { "x-svc-actor": "agent" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: expect.any(String), details: expect.any(String) });
  });
});

describe("a whitelist-priced post", () => {
  it("charges each wallet its own tier by id and by URL", async () => {
    const listedA = await freshPayer({ wallet: "1" });
    const listedB = await freshPayer({ wallet: "1" });
    const post = await createPost(blog.domain, admin, { title: "Bar soundings", slug: "bar-soundings", body: "Two fathoms.", price: "0.30", whitelistPrice: "0.10", whitelist: [listedA.address, listedB.address] });
    const c = await card(blog.domain, (x) => x.title === "Bar soundings");
    const stock = (payer: typeof listedA) => {
      const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
      return { hubFetch: wrapFetchWithPayment(fetch, client), blogFetch: wrapFetchWithPayment(blogFetch(), client) };
    };

    // Whitelisted, by id: the wallet names itself and is quoted its tier.
    const byId = await postJson(stock(listedA).hubFetch, `${HUB_URL}/hub/pay`, { contentId: c.id, wallet: listedA.address });
    const idBody = await byId.json();
    expect(byId.status, JSON.stringify(idBody)).toBe(200);
    expect(idBody.payment).toMatchObject({ amount: 0.1, payer: listedA.address });
    await readableBy(listedA, post, "Two fathoms.", idBody.unlockProof);

    // Whitelisted, by URL with ?wallet=.
    const byUrl = await stock(listedB).blogFetch(`${c.url}?wallet=${listedB.address}`);
    const urlBody = await byUrl.json();
    expect(byUrl.status, JSON.stringify(urlBody)).toBe(200);
    expect(urlBody.payment).toMatchObject({ amount: 0.1, payerWallet: listedB.address });

    // Anyone else pays the public price, by id and by URL.
    const x = await stockClient();
    const outId = await postJson(x.hubFetch, `${HUB_URL}/hub/pay`, { contentId: c.id });
    expect(outId.status).toBe(200);
    expect((await outId.json()).payment).toMatchObject({ amount: 0.3, payer: x.payer.address });
    const y = await stockClient();
    const outUrl = await y.blogFetch(c.url);
    expect(outUrl.status).toBe(200);
    expect((await outUrl.json()).payment).toMatchObject({ amount: 0.3, payerWallet: y.payer.address });
    expect(await postPayments(post.id)).toBe(4);
  });
});

describe("an invite-only post (no card)", () => {
  it("is sold to invited wallets by its externalId and URL; anyone else is refused before any charge", async () => {
    const invitedA = await freshPayer({ wallet: "1" });
    const invitedB = await freshPayer({ wallet: "1" });
    const post = await createPost(blog.domain, admin, { title: "Harbour plans", slug: "harbour-plans", body: "Berth 4 moves.", price: "0.10", publicAccess: false, whitelist: [invitedA.address, invitedB.address] });
    const url = `${originOf(blog.domain)}${post.path}`;
    const stock = (payer: typeof invitedA) => {
      const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
      return { hubFetch: wrapFetchWithPayment(fetch, client), blogFetch: wrapFetchWithPayment(blogFetch(), client) };
    };

    const byId = await postJson(stock(invitedA).hubFetch, `${HUB_URL}/hub/pay`, { contentId: `post:${post.id}`, wallet: invitedA.address });
    const idBody = await byId.json();
    expect(byId.status, JSON.stringify(idBody)).toBe(200);
    expect(idBody.payment).toMatchObject({ amount: 0.1, payer: invitedA.address });
    await readableBy(invitedA, post, "Berth 4 moves.", idBody.unlockProof);

    const byUrl = await stock(invitedB).blogFetch(`${url}?wallet=${invitedB.address}`);
    expect(byUrl.status).toBe(200);
    expect((await byUrl.json()).payment).toMatchObject({ amount: 0.1, payerWallet: invitedB.address });

    // Not invited: 403 on /hub/pay and at the URL, with a signed payment too; nothing charged.
    const outsider = await stockClient();
    const before = await usdcBalance(outsider.payer.address);
    const refusedId = await postJson(outsider.hubFetch, `${HUB_URL}/hub/pay`, { contentId: `post:${post.id}`, wallet: outsider.payer.address });
    expect(refusedId.status).toBe(403);
    expect(await refusedId.json()).toMatchObject({ error: expect.any(String), details: expect.any(String) });
    const refusedUrl = await outsider.blogFetch(url);
    expect([402, 403]).toContain(refusedUrl.status);
    expect(await usdcBalance(outsider.payer.address)).toBe(before);
    expect(usdc("1")).toBe(before);
    expect(await postPayments(post.id)).toBe(2);
  });
});
