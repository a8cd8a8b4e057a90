// The paid MCP tool (buy_content) over x402's MCP transport, driven by the official MCP SDK client
// and payments signed by the stock @x402/evm scheme: unpaid, the tool result is an error carrying the
// PaymentRequired; paid in params._meta["x402/payment"], the item comes back with the settlement in
// result._meta["x402/payment-response"], recorded once (a replay charges nothing); underpaid is
// refused with nothing recorded. The same receipts and ledger rows as over HTTP, and exactly the
// shape /hub/pay declares (the MCP server has no answer check of its own, so the tests check it here).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { x402Client } from "@x402/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerDrift } from "../../lib/http/answer-drift";
import { paidPostResponseSchema, paidResponseSchema } from "../../lib/schemas/x402";
import { blogSignIn, cleanupBlogs, createBlog, createPost } from "../support/blog";
import { HUB_URL } from "../support/hub";
import { closeDb, db, person, type Person } from "../support/quickshare";
import { freshPayer, NETWORK, USDC, usdc, usdcBalance } from "../support/x402";

const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };
const clients: Client[] = [];
let owner: Person;
let blog: { domain: string; siteId: string };
let admin: string;

beforeAll(async () => {
  owner = await person();
  blog = await createBlog(owner, "mcp");
  admin = await blogSignIn(blog.domain, owner.account);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await cleanupBlogs();
  await closeDb();
});

async function connect() {
  const client = new Client({ name: "hub-e2e-paid", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${HUB_URL}/mcp`)));
  clients.push(client);
  return client;
}

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ type: string; text?: string }>; _meta?: Record<string, unknown> };

async function buy(client: Client, args: Record<string, unknown>, payment?: unknown): Promise<ToolResult> {
  return (await client.callTool({ name: "buy_content", arguments: args, ...(payment ? { _meta: { "x402/payment": payment } } : {}) })) as ToolResult;
}

/** The PaymentRequired of an unpaid call, as the transport says: structuredContent, and the same JSON in content[0].text. */
function requiredOf(res: ToolResult): PaymentRequired {
  expect(res.isError).toBe(true);
  expect(JSON.parse(res.content[0]!.text!)).toEqual(res.structuredContent);
  const required = res.structuredContent as unknown as PaymentRequired;
  expect(required).toMatchObject({ x402Version: 2, accepts: expect.any(Array) });
  // The whole challenge, as an HTTP 402's header carries it: its extensions' declarations too.
  expect(Object.keys(required.extensions ?? {})).toEqual(expect.arrayContaining(["bazaar", "sign-in-with-x", "payment-identifier"]));
  return required;
}

describe("buy_content (x402 MCP transport)", () => {
  it("is listed as a paid, non-read-only tool", async () => {
    const { tools } = await (await connect()).listTools();
    const tool = tools.find((t) => t.name === "buy_content")!;
    expect(tool.annotations).toMatchObject({ readOnlyHint: false });
    expect(tool.description).toContain('_meta["x402/payment"]');
    const card = await (await fetch(`${HUB_URL}/.well-known/mcp.json`)).json();
    expect(card.tools.map((t: { name: string }) => t.name)).toContain("buy_content");
  });

  it("sells a hosted post: requirements, paid with a stock scheme, replayed without a second charge, underpaid refused", async () => {
    const post = await createPost(blog.domain, admin, { title: "Spring tide", slug: "spring-tide", body: "Highest water of the month.", price: "0.04" });
    const client = await connect();
    const payer = await freshPayer({ wallet: "1" });
    const x402 = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const args = { contentId: `post:${post.id}` };

    // Without payment: the PaymentRequired, at the post's price.
    const required = requiredOf(await buy(client, args));
    expect(required.error).toBe("payment_required");
    expect(required.accepts.map((a) => a.amount)).toEqual(["40000", "40000"]);
    expect(await db().payment.count({ where: { resourceType: "blogpost", resourceId: post.id } })).toBe(0);

    // Underpaid: a payment signed for less than the price is refused, nothing recorded or moved.
    const cheap = { ...required, accepts: required.accepts.map((a) => ({ ...a, amount: "1000" })) };
    const under = await buy(client, args, await x402.createPaymentPayload(cheap));
    const refused = requiredOf(under);
    expect(refused.error).toBe("accepted_mismatch");
    expect(await db().payment.count({ where: { resourceType: "blogpost", resourceId: post.id } })).toBe(0);
    expect(await usdcBalance(payer.address)).toBe(usdc("1"));

    // Paid: the post and the settlement in _meta.
    const payload = await x402.createPaymentPayload(required);
    const paid = await buy(client, args, payload);
    expect(paid.isError ?? false).toBe(false);
    expect(paid.structuredContent).toMatchObject({
      success: true,
      kind: "post",
      payment: { amount: 0.04, payer: payer.address, rail: "eip3009" },
      post: { content: "Highest water of the month.", access: { via: "payment", wallet: payer.address } },
    });
    expect(answerDrift(paidPostResponseSchema, paid.structuredContent)).toBeNull();
    const settlement = paid._meta?.["x402/payment-response"] as Record<string, unknown>;
    expect(settlement).toMatchObject({ success: true, network: NETWORK, payer: payer.address, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await usdcBalance(payer.address)).toBe(usdc("0.96"));
    const rows = await db().payment.findMany({ where: { resourceType: "blogpost", resourceId: post.id } });
    expect(rows).toHaveLength(1);
    expect(await db().ledgerActivity.count({ where: { paymentId: rows[0]!.id } })).toBe(1);

    // The same payload again: the same purchase, no second charge.
    const replay = await buy(client, args, payload);
    expect(replay.isError ?? false).toBe(false);
    expect(replay.structuredContent).toMatchObject({ post: { content: "Highest water of the month." } });
    expect(answerDrift(paidPostResponseSchema, replay.structuredContent)).toBeNull();
    expect(await usdcBalance(payer.address)).toBe(usdc("0.96"));
    expect(await db().payment.count({ where: { resourceType: "blogpost", resourceId: post.id } })).toBe(1);
  });

  it("sells hub content by its card id, with the same receipt as /hub/pay", async () => {
    const content = await db().content.findFirstOrThrow({ where: { externalId: "liner-notes" } });
    const client = await connect();
    const payer = await freshPayer({ wallet: "1" });
    const x402 = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const required = requiredOf(await buy(client, { contentId: content.id }));
    const paid = await buy(client, { contentId: content.id }, await x402.createPaymentPayload(required));
    expect(paid.structuredContent).toMatchObject({ success: true, payment: { amount: 0.01, payer: payer.address, contentId: content.id } });
    expect(answerDrift(paidResponseSchema, paid.structuredContent)).toBeNull();
    expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true, payer: payer.address });
  });

  it("refuses what it cannot sell with the HTTP error body", async () => {
    const client = await connect();
    const none = await buy(client, {});
    expect(none.isError).toBe(true);
    expect(JSON.parse(none.content[0]!.text!)).toMatchObject({ status: 400, code: "invalid-request" });
    const unknown = await buy(client, { contentId: "no-such-content-anywhere" });
    expect(JSON.parse(unknown.content[0]!.text!)).toMatchObject({ status: 404 });
    const untracked = await buy(client, { url: "https://untracked.example/some/page" });
    expect(untracked.isError).toBe(true);
    expect(JSON.parse(untracked.content[0]!.text!)).toMatchObject({ status: 404, code: "not-found" });
  });
});
