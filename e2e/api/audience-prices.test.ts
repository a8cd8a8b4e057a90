// Prices per audience (humans, agents) on a content item, a hosted post and a share, on every path:
// /hub/pay, the access routes, the pages asked for as an agent, and the MCP buy_content tool. A
// blocked agent is refused 403 before any charge (a payment sent anyway is not settled); an agent
// price different from the human price is the challenge's amount and its signed offer's, and the
// agent pays exactly that; a human gets the human price; free-for-agents grants without payment;
// explore cards show each audience's terms. Agents are requests that say so (x-svc-actor: agent),
// MCP tool calls and payments through the facilitator.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodeSignedOffers, extractOffersFromPaymentRequired } from "@x402/extensions/offer-receipt";
import { x402Client } from "@x402/fetch";
import type { PrivateKeyAccount } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost } from "../support/blog";
import { api, expectError, HUB_URL, signIn, type HubResponse } from "../support/hub";
import { access, closeDb, createShare, db, person, type Person } from "../support/quickshare";
import { cleanupRun, createSite, type FixtureSite, newWallet, RUN } from "../support/sites";
import { freshPayer, NETWORK, signedPayment, USDC, usdc, usdcBalance } from "../support/x402";

const AGENT = { "x-svc-actor": "agent" };
const HUMAN_PAGE = { accept: "text/html" };
const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };
const word = `aud${RUN}`;

let owner: Person;
let blog: { domain: string; siteId: string; origin: string };
let admin: string;
let site: FixtureSite;
let mcp: Client;

beforeAll(async () => {
  owner = await person();
  blog = await createBlog(owner, "aud");
  admin = await blogSignIn(blog.domain, owner.account);
  site = await createSite({ name: `Audience Press ${word}` });
  mcp = new Client({ name: "hub-e2e-audience", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${HUB_URL}/mcp`)));
});
afterAll(async () => {
  await mcp?.close();
  await cleanupBlogs();
  await cleanupRun();
  await closeDb();
});

// ───────── helpers ─────────

const challengeOf = (res: { status: number; headers: Headers; body?: unknown; text?: string }): PaymentRequired => {
  expect(res.status, JSON.stringify(res.body ?? res.text)).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
};
const amounts = (c: PaymentRequired) => c.accepts.map((a) => a.amount);
/** The signed offers' amounts (offer-receipt extension): the price the hub signed for this audience. */
const offerAmounts = (c: PaymentRequired) => decodeSignedOffers(extractOffersFromPaymentRequired(c)).map((o) => String(o.amount));

/** A Payment-Signature for the challenge's first option (the plain EIP-3009 authorization), signed by a stock scheme. */
async function signFor(payer: PrivateKeyAccount, required: PaymentRequired): Promise<string> {
  const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
  const first = { ...required, accepts: [required.accepts[0]!] };
  return encodePaymentSignatureHeader(await client.createPaymentPayload(first));
}

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ type: string; text?: string }> };
async function buy(args: Record<string, unknown>, payment?: unknown): Promise<ToolResult> {
  return (await mcp.callTool({ name: "buy_content", arguments: args, ...(payment ? { _meta: { "x402/payment": payment } } : {}) })) as ToolResult;
}
function mcpRequired(res: ToolResult): PaymentRequired {
  expect(res.isError, JSON.stringify(res.content)).toBe(true);
  expect(res.structuredContent).toMatchObject({ x402Version: 2, accepts: expect.any(Array) });
  return res.structuredContent as unknown as PaymentRequired;
}
function mcpError(res: ToolResult) {
  expect(res.isError).toBe(true);
  return JSON.parse(res.content[0]!.text!) as { status: number; code: string; error: string; details: string };
}

async function card(q: string, match: (c: Record<string, any>) => boolean) {
  const res = await api(`/hub/explore/content?limit=100&q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  const found = (res.body.content as Record<string, any>[]).find(match);
  if (!found) throw new Error(`no explore card for ${q}`);
  return found;
}

/** A content item of the fixture site recorded through the widget events (the interface's `access` field). */
async function contentItem(id: string, price: string, accessField: unknown): Promise<string> {
  const res = await api("/hub/evt", {
    json: { siteId: site.id, token: site.token, event: "resource_view", url: `https://${site.domain}/article/${id}`, resource: { id, title: `${word} ${id}`, price, access: accessField } },
    headers: { origin: `https://${site.domain}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return (await db().content.findFirstOrThrow({ where: { siteId: site.id, externalId: id } })).id;
}

const contentPayments = (contentId: string) => db().payment.count({ where: { resourceType: "content", resourceId: contentId } });
const postPayments = (postId: string) => db().payment.count({ where: { resourceType: "blogpost", resourceId: postId } });
const sharePayments = (shareId: string) => db().payment.count({ where: { resourceType: "quickshare", resourceId: shareId } });
const postAccess = (path: string, headers: Record<string, string> = {}) => blogRequest(blog.domain, `/api/svc/access?path=${encodeURIComponent(path)}`, { headers });
const blocked = (res: HubResponse | { status: number; body: unknown }) => expectError(res as HubResponse, 403, "audience-blocked");

// ───────── content items (/hub/pay, MCP) ─────────

describe("a content item", () => {
  it("charges agents their own price (challenge and signed offer), humans the list price; the card shows both", async () => {
    const id = await contentItem(`cheap-${RUN}`, "0.05", { humans: "paid", agents: { mode: "paid", price: "0.02" } });
    const c = await card(word, (x) => x.id === id);
    expect(c.audiences).toEqual({ humans: { mode: "paid", price: "0.05" }, agents: { mode: "paid", price: "0.02" } });
    expect(JSON.parse(c.accessPolicy)).toEqual({ humans: "paid", agents: { mode: "paid", price: "0.02" } });

    const human = challengeOf(await api("/hub/pay", { json: { contentId: id } }));
    expect(amounts(human)).toEqual(["50000", "50000"]);
    expect(offerAmounts(human)).toEqual(["50000", "50000"]);
    const agent = challengeOf(await api("/hub/pay", { json: { contentId: id }, headers: AGENT }));
    expect(amounts(agent)).toEqual(["20000", "20000"]);
    expect(offerAmounts(agent)).toEqual(["20000", "20000"]);

    // An agent that signs the humans' price while declaring itself is refused: its price is 0.02.
    const a = await freshPayer({ wallet: "1" });
    const wrong = await api("/hub/pay", { json: { contentId: id }, headers: { ...AGENT, "payment-signature": await signFor(a, human) } });
    expect(wrong.status).toBe(402);
    expect(await contentPayments(id)).toBe(0);

    const paid = await api("/hub/pay", { json: { contentId: id }, headers: { ...AGENT, "payment-signature": await signFor(a, agent) } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.payment).toMatchObject({ amount: 0.02, payer: a.address, contentId: id });
    expect(await usdcBalance(a.address)).toBe(usdc("0.98"));

    const h = await freshPayer({ wallet: "1" });
    const humanPaid = await api("/hub/pay", { json: { contentId: id }, headers: { "payment-signature": await signFor(h, human) } });
    expect(humanPaid.status, JSON.stringify(humanPaid.body)).toBe(200);
    expect(humanPaid.body.payment).toMatchObject({ amount: 0.05, payer: h.address });
    expect(await contentPayments(id)).toBe(2);

    // MCP is an agent: the agents' price.
    const viaMcp = mcpRequired(await buy({ contentId: id }));
    expect(amounts(viaMcp)).toEqual(["20000", "20000"]);
    expect((await api("/.well-known/x402")).body.resources).toContain(`https://${site.domain}/article/cheap-${RUN}`);
  });

  it("refuses a blocked agent with 403 before any charge on /hub/pay and MCP; humans still get the 402", async () => {
    const id = await contentItem(`noagents-${RUN}`, "0.05", { humans: "paid", agents: "blocked" });
    expect((await card(word, (x) => x.id === id)).audiences).toEqual({ humans: { mode: "paid", price: "0.05" }, agents: { mode: "blocked", price: "0" } });
    const human = challengeOf(await api("/hub/pay", { json: { contentId: id } }));
    blocked(await api("/hub/pay", { json: { contentId: id }, headers: AGENT }));

    // A payment sent anyway is refused without settling.
    const a = await freshPayer({ wallet: "1" });
    blocked(await api("/hub/pay", { json: { contentId: id }, headers: { ...AGENT, "payment-signature": await signFor(a, human) } }));
    expect(await contentPayments(id)).toBe(0);
    expect(await usdcBalance(a.address)).toBe(usdc("1"));

    const viaMcp = mcpError(await buy({ contentId: id }));
    expect(viaMcp).toMatchObject({ status: 403, code: "audience-blocked" });
    const x402 = new x402Client().register(NETWORK, new ExactEvmScheme(a)).setSpendControls(spend);
    expect(mcpError(await buy({ contentId: id }, await x402.createPaymentPayload(human)))).toMatchObject({ status: 403, code: "audience-blocked" });
    expect(await contentPayments(id)).toBe(0);
    expect(await usdcBalance(a.address)).toBe(usdc("1"));
    // Agents read the discovery document: what is not offered to them is not listed there.
    expect((await api("/.well-known/x402")).body.resources).not.toContain(`https://${site.domain}/article/noagents-${RUN}`);
  });

  it("free for agents: nothing to pay for an agent, the 402 for a human", async () => {
    const id = await contentItem(`freeagents-${RUN}`, "0.05", { humans: "paid", agents: "free" });
    expect((await card(word, (x) => x.id === id)).audiences.agents).toEqual({ mode: "free", price: "0" });
    challengeOf(await api("/hub/pay", { json: { contentId: id } }));
    const agent = await api("/hub/pay", { json: { contentId: id }, headers: AGENT });
    expect(expectError(agent, 400, "invalid-request").details).toContain("free for agents");
  });
});

// ───────── hosted posts (access route, page, /hub/pay, MCP) ─────────

describe("a hosted post", () => {
  it("charges agents their own price on the access route, the page, /hub/pay and MCP; humans the post's price", async () => {
    const post = await createPost(blog.domain, admin, { title: `Neap ${word}`, slug: `neap-${RUN}`, body: "Lowest range of the month.", price: "0.05", accessPolicy: { agents: { mode: "paid", price: "0.01" } } } as never);
    expect(post.accessPolicy).toEqual({ humans: { mode: "paid", price: null }, agents: { mode: "paid", price: "0.01" } });
    const c = await card(blog.domain, (x) => x.externalId === `post:${post.id}`);
    expect(c.audiences).toEqual({ humans: { mode: "paid", price: "0.05" }, agents: { mode: "paid", price: "0.01" } });

    const human = challengeOf(await postAccess(post.path));
    expect(amounts(human)).toEqual(["50000", "50000"]);
    const agent = challengeOf(await postAccess(post.path, AGENT));
    expect(amounts(agent)).toEqual(["10000", "10000"]);
    expect(offerAmounts(agent)).toEqual(["10000", "10000"]);
    expect(amounts(challengeOf(await blogRequest(blog.domain, post.path, { headers: { ...HUMAN_PAGE, ...AGENT } })))).toEqual(["10000", "10000"]);
    expect(amounts(challengeOf(await api("/hub/pay", { json: { contentId: `post:${post.id}` }, headers: AGENT })))).toEqual(["10000", "10000"]);
    expect(amounts(challengeOf(await api("/hub/pay", { json: { contentId: `post:${post.id}` } })))).toEqual(["50000", "50000"]);
    expect(amounts(mcpRequired(await buy({ contentId: `post:${post.id}` })))).toEqual(["10000", "10000"]);

    // The agent pays 0.01 through /hub/pay; the human pays 0.05 on the access route.
    const a = await freshPayer({ wallet: "1" });
    const paid = await api("/hub/pay", { json: { contentId: `post:${post.id}` }, headers: { ...AGENT, "payment-signature": await signFor(a, agent) } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ kind: "post", payment: { amount: 0.01, payer: a.address }, post: { content: "Lowest range of the month." } });
    const h = await freshPayer({ wallet: "1" });
    const humanPaid = await postAccess(post.path, { "payment-signature": await signFor(h, human) });
    expect(humanPaid.status, humanPaid.text).toBe(200);
    expect(humanPaid.body).toMatchObject({ content: "Lowest range of the month.", payment: { amount: 0.05 } });
    expect(await usdcBalance(a.address)).toBe(usdc("0.99"));
    expect(await usdcBalance(h.address)).toBe(usdc("0.95"));
    expect(await postPayments(post.id)).toBe(2);
  });

  it("refuses a blocked agent with 403 on every path before any charge; a human still reads the page and gets the 402", async () => {
    const post = await createPost(blog.domain, admin, { title: `Closed ${word}`, slug: `closed-${RUN}`, body: "People only.", price: "0.05", accessPolicy: { humans: "paid", agents: "blocked" } } as never);
    const human = challengeOf(await postAccess(post.path));
    blocked(await postAccess(post.path, AGENT));
    blocked(await blogRequest(blog.domain, post.path, { headers: { ...HUMAN_PAGE, ...AGENT } }));
    blocked(await api("/hub/pay", { json: { contentId: `post:${post.id}` }, headers: AGENT }));
    expect(mcpError(await buy({ contentId: `post:${post.id}` }))).toMatchObject({ status: 403, code: "audience-blocked" });

    const a = await freshPayer({ wallet: "1" });
    blocked(await postAccess(post.path, { ...AGENT, "payment-signature": await signFor(a, human) }));
    blocked(await api("/hub/pay", { json: { contentId: `post:${post.id}` }, headers: { ...AGENT, "payment-signature": await signFor(a, human) } }));
    const x402 = new x402Client().register(NETWORK, new ExactEvmScheme(a)).setSpendControls(spend);
    expect(mcpError(await buy({ contentId: `post:${post.id}` }, await x402.createPaymentPayload(human)))).toMatchObject({ status: 403, code: "audience-blocked" });
    expect(await postPayments(post.id)).toBe(0);
    expect(await usdcBalance(a.address)).toBe(usdc("1"));

    // A person's page is the paywall as before.
    const page = await blogRequest(blog.domain, post.path, { headers: HUMAN_PAGE });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect((await card(blog.domain, (x) => x.externalId === `post:${post.id}`)).audiences.agents).toEqual({ mode: "blocked", price: "0" });
  });

  it("free for agents grants an agent without payment; the editor's change applies to the next read", async () => {
    const post = await createPost(blog.domain, admin, { title: `Open ${word}`, slug: `open-${RUN}`, body: "Crawl me.", price: "0.05", accessPolicy: { agents: "free" } } as never);
    const agent = await postAccess(post.path, AGENT);
    expect(agent.status, agent.text).toBe(200);
    expect(agent.body).toMatchObject({ content: "Crawl me.", access: { via: "free" } });
    expect(amounts(challengeOf(await postAccess(post.path)))).toEqual(["50000", "50000"]);
    const agentMcp = await buy({ contentId: `post:${post.id}` });
    expect(agentMcp.isError ?? false).toBe(false);
    expect(agentMcp.structuredContent).toMatchObject({ post: { content: "Crawl me." } });
    expect(await postPayments(post.id)).toBe(0);

    const edit = await blogRequest(blog.domain, `/api/admin/posts/${post.id}`, { method: "PUT", cookie: admin, json: { accessPolicy: { agents: "blocked" } } });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.post.accessPolicy).toEqual({ humans: { mode: "paid", price: null }, agents: { mode: "blocked", price: null } });
    blocked(await postAccess(post.path, AGENT));
  });
});

// ───────── shares (access route, page, MCP) ─────────

describe("a share", () => {
  it("charges agents their own price on the access route, the page and MCP; the agent pays that price", async () => {
    const share = await createShare(owner, { title: "Tides", content: "Neap tide at noon.", price: "0.05", accessPolicy: { humans: "paid", agents: { mode: "paid", price: "0.01" } } } as never);
    expect(share.accessPolicy).toEqual({ humans: { mode: "paid", price: null }, agents: { mode: "paid", price: "0.01" } });
    const human = challengeOf(await access(share.slug));
    expect(amounts(human)).toEqual(["50000", "50000"]);
    const agent = challengeOf(await access(share.slug, { headers: AGENT }));
    expect(amounts(agent)).toEqual(["10000", "10000"]);
    expect(offerAmounts(agent)).toEqual(["10000", "10000"]);
    expect(amounts(challengeOf(await api(`/qs/${share.slug}`, { headers: { ...HUMAN_PAGE, ...AGENT } })))).toEqual(["10000", "10000"]);
    expect(amounts(mcpRequired(await buy({ share: share.slug })))).toEqual(["10000", "10000"]);

    // The humans' signature sent as an agent does not match the agents' price: refused, nothing recorded.
    const a = await freshPayer({ wallet: "1" });
    const wrong = await access(share.slug, { headers: { ...AGENT, "payment-signature": await signFor(a, human) } });
    expect(wrong.status).toBe(402);
    expect(await sharePayments(share.id)).toBe(0);

    const paid = await access(share.slug, { headers: { ...AGENT, "payment-signature": await signFor(a, agent) } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ content: "Neap tide at noon.", access: { via: "payment", wallet: a.address }, payment: { amount: 0.01 } });
    expect(await usdcBalance(a.address)).toBe(usdc("0.99"));

    const h = await freshPayer({ wallet: "1" });
    const humanPaid = await access(share.slug, { headers: { "payment-signature": await signFor(h, human) } });
    expect(humanPaid.status, JSON.stringify(humanPaid.body)).toBe(200);
    expect(humanPaid.body).toMatchObject({ payment: { amount: 0.05 } });
    expect(await sharePayments(share.id)).toBe(2);
  });

  it("blocked for agents (set on the access control): 403 on every path before any charge; humans unaffected", async () => {
    const share = await createShare(owner, { title: "Closed", content: "People only.", price: "0.05" });
    const set = await api(`/quickshare/${share.slug}/access-control`, { method: "PUT", cookie: owner.cookie, json: { accessPolicy: { humans: "paid", agents: "blocked" } } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.accessPolicy).toEqual({ humans: { mode: "paid", price: null }, agents: { mode: "blocked", price: null } });

    const human = challengeOf(await access(share.slug));
    blocked(await access(share.slug, { headers: AGENT }));
    blocked(await api(`/qs/${share.slug}`, { headers: { ...HUMAN_PAGE, ...AGENT } }));
    blocked(await api(`/quickshare/${share.slug}/media/photo?index=0`, { headers: AGENT }));
    expect(mcpError(await buy({ share: share.slug }))).toMatchObject({ status: 403, code: "audience-blocked" });

    const a = await freshPayer({ wallet: "1" });
    blocked(await access(share.slug, { headers: { ...AGENT, "payment-signature": await signFor(a, human) } }));
    const x402 = new x402Client().register(NETWORK, new ExactEvmScheme(a)).setSpendControls(spend);
    expect(mcpError(await buy({ share: share.slug }, await x402.createPaymentPayload(human)))).toMatchObject({ status: 403, code: "audience-blocked" });
    expect(await sharePayments(share.id)).toBe(0);
    expect(await usdcBalance(a.address)).toBe(usdc("1"));
    const page = await api(`/qs/${share.slug}`, { headers: HUMAN_PAGE });
    expect(page.status).toBe(200);
  });

  it("free for agents grants an agent without payment on the access route and MCP", async () => {
    const share = await createShare(owner, { title: "Open", content: "Agents read free.", price: "0.05", accessPolicy: { agents: "free" } } as never);
    const agent = await access(share.slug, { headers: AGENT });
    expect(agent.status, JSON.stringify(agent.body)).toBe(200);
    expect(agent.body).toMatchObject({ content: "Agents read free.", access: { via: "free" } });
    const viaMcp = await buy({ share: share.slug });
    expect(viaMcp.isError ?? false).toBe(false);
    expect(viaMcp.structuredContent).toMatchObject({ content: "Agents read free." });
    challengeOf(await access(share.slug));
    expect(await sharePayments(share.id)).toBe(0);
  });

  it("refuses a malformed policy with 400 naming the field", async () => {
    const res = await api("/quickshare", { cookie: owner.cookie, json: { title: "Bad", content: "x", price: "0.05", accessPolicy: { agents: { mode: "free", price: "1" } } } });
    expect(expectError(res, 400, "invalid-request").details).toContain("accessPolicy");
  });
});

// ───────── the facilitator (a creator's server: its payments are agents') ─────────

describe("the facilitator", () => {
  it("refuses a blocked agents' rule and an amount other than the agents' own price; settles that price and keeps the policy", async () => {
    const creator = newWallet();
    const fsite = await createSite({ owner: creator.address, name: `Audience Server ${word}` });
    const issued = await api(`/hub/sites/${fsite.id}/facilitator-keys`, { json: { label: "audience" }, cookie: await signIn(creator), origin: HUB_URL });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const auth = { authorization: `Bearer ${issued.body.key}` };
    const page = (slug: string) => `https://${fsite.domain}/articles/${slug}`;
    async function track(url: string, accessField: unknown) {
      const res = await api("/hub/evt", {
        json: { siteId: fsite.id, token: fsite.token, event: "resource_view", url, resource: { id: url, title: `${word} served`, price: "0.05", access: accessField } },
        headers: { origin: `https://${fsite.domain}` },
      });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    // The hub's own plain option names USDC's EIP-712 domain; the creator's server asks for its page and price.
    const hubOption = challengeOf(await api("/hub/pay", { json: { contentId: await contentItem(`fac-${RUN}`, "0.05", "paid") } })).accepts[0]!;
    async function request(url: string, amount: string) {
      const requirement = { ...hubOption, amount, payTo: creator.address };
      const payer = await freshPayer({ wallet: "1" });
      const { payload } = await signedPayment({ requirement, signer: payer, resource: { url, description: "served", mimeType: "text/html" } });
      return { payer, body: { x402Version: 2, paymentPayload: payload, paymentRequirements: requirement } };
    }

    await track(page("closed"), { humans: "paid", agents: "blocked" });
    const closed = await request(page("closed"), "50000");
    expect((await api("/facilitator/verify", { json: closed.body, headers: auth })).body).toMatchObject({ isValid: false, invalidReason: "audience_blocked" });
    expect((await api("/facilitator/settle", { json: closed.body, headers: auth })).body).toMatchObject({ success: false, errorReason: "audience_blocked" });
    expect(await usdcBalance(closed.payer.address)).toBe(usdc("1"));

    await track(page("cheap"), { humans: "paid", agents: { mode: "paid", price: "0.02" } });
    const listPrice = await request(page("cheap"), "50000");
    expect((await api("/facilitator/verify", { json: listPrice.body, headers: auth })).body).toMatchObject({ isValid: false, invalidReason: "amount_mismatch" });
    const agentPrice = await request(page("cheap"), "20000");
    expect((await api("/facilitator/verify", { json: agentPrice.body, headers: auth })).body).toMatchObject({ isValid: true });
    const settledRes = await api("/facilitator/settle", { json: agentPrice.body, headers: auth });
    expect(settledRes.body, JSON.stringify(settledRes.body)).toMatchObject({ success: true, amount: "20000" });
    expect(await usdcBalance(agentPrice.payer.address)).toBe(usdc("0.98"));
    const row = await db().content.findFirstOrThrow({ where: { siteId: fsite.id, externalId: page("cheap") } });
    expect(row.priceAtomic).toBe(50_000n);
    expect(JSON.parse(row.accessPolicy)).toEqual({ humans: "paid", agents: { mode: "paid", price: "0.02" } });
  });
});
