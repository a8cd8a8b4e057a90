// llms.txt's recipes, followed as an agent developer would with the stock clients only: find an item in
// explore, buy it with the request its card names (`x402`), tip a creator with @x402/fetch on
// /hub/tips/verify, and check that the guide says what these steps rely on.
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { describe, expect, it } from "vitest";
import { api, HUB_URL } from "../support/hub";
import { freshPayer, NETWORK, USDC, usdc, usdcBalance } from "../support/x402";

const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };

async function stock() {
  const payer = await freshPayer({ wallet: "2" });
  return { payer, payFetch: wrapFetchWithPayment(fetch, new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend)) };
}

describe("llms.txt recipes with stock clients", () => {
  it("the guide says how: cards' x402 request, hosted posts by URL, no-store 402s, tips with a stock client, rating gas, the paid MCP tool", async () => {
    const short = (await api("/.well-known/llms.txt")).body as string;
    const full = (await api("/.well-known/llms-full.txt")).body as string;
    for (const text of [short, full]) {
      expect(text).toContain("`x402` says how to buy it");
      expect(text).toContain("GET the post's page URL");
      expect(text).toContain("Cache-Control: no-store");
      expect(text).toContain("POST /hub/tips/verify with `{ contentUrl, amount }`");
      expect(text).toContain("costs gas");
      expect(text).toContain('params._meta["x402/payment"]');
      expect(text).not.toContain("A paid read returns an unlockProof");
    }
    expect(full).toContain("appendPaymentIdentifierToExtensions");
    const wellKnown = (await api("/.well-known/x402")).body;
    expect(wellKnown.payment.rails).toContain("eip3009");
  });

  it("explore → the card's x402 request → paid with @x402/fetch; the receipt names the card's resourceUrl", async () => {
    const cards = (await api("/hub/explore/content?q=liner")).body.content as Array<{ id: string; x402: { resource: string; method: string; body: unknown; resourceUrl: string } | null }>;
    const card = cards.find((c) => c.x402)!;
    const { payer, payFetch } = await stock();
    const res = await payFetch(card.x402!.resource, { method: card.x402!.method, headers: { "content-type": "application/json", "x-svc-actor": "agent" }, body: card.x402!.body ? JSON.stringify(card.x402!.body) : undefined });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.payment).toMatchObject({ payer: payer.address, contentId: card.id });
    expect((await api(`/hub/receipts/${body.payment.paymentId}`)).body.receipt.payload.resourceUrl).toBe(card.x402!.resourceUrl);
  });

  it("tips a resolved creator with @x402/fetch on /hub/tips/verify (402, then paid); the tip says the rail that paid", async () => {
    const { payer, payFetch } = await stock();
    const contentUrl = "https://quiet-letters.example/article/essay-slow-software";
    const res = await payFetch(`${HUB_URL}/hub/tips/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ contentUrl, amount: "0.5" }) });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ status: "settled", tip: { status: "settled", amount: 0.5, rail: "eip3009", payer: payer.address }, payment: { rail: "eip3009" } });
    expect(await usdcBalance(payer.address)).toBe(usdc("1.5"));
  });
});
