// The typed client generated from the hub's own OpenAPI document (lib/client: openapi-typescript +
// openapi-fetch) drives the real server: a change that breaks the document (a renamed path, a
// wrong parameter, a schema that no longer matches) breaks this file at compile time or here.
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { describe, expect, it } from "vitest";
import { hubClient } from "../../lib/client/hub-client";
import { HUB_URL } from "../support/hub";
import { freshPayer, NETWORK, USDC, usdc, usdcBalance } from "../support/x402";

describe("typed client from /api/openapi.json", () => {
  const hub = hubClient({ baseUrl: HUB_URL });

  it("reads the explore feed and the ledger", async () => {
    const explore = await hub.GET("/hub/explore/content", { params: { query: { limit: 3, sort: "best-sellers" } } });
    expect(explore.response.status).toBe(200);
    expect(explore.data!.content.length).toBeGreaterThan(0);
    expect(explore.data!.content.length).toBeLessThanOrEqual(3);
    expect(explore.data!.content[0]).toMatchObject({ id: expect.any(String), contentType: expect.any(String) });

    const ledger = await hub.GET("/hub/ledger", { params: { query: { limit: 5 } } });
    expect(ledger.response.status).toBe(200);
    expect(Array.isArray(ledger.data!.activities)).toBe(true);
    expect(ledger.data!.activities.length).toBeLessThanOrEqual(5);
  });

  it("answers an unpaid unlock with the typed 402, and pays it through the stock x402 fetch", async () => {
    const unpaid = await hub.POST("/hub/pay", { body: { contentId: "liner-notes" } });
    expect(unpaid.response.status).toBe(402);
    expect(unpaid.error).toMatchObject({ code: "payment-required", x402Version: 2 });

    const payer = await freshPayer({ wallet: "1" });
    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls({ allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "1000000" }] });
    const paying = hubClient({ baseUrl: HUB_URL, fetch: wrapFetchWithPayment(fetch, client) });
    const paid = await paying.POST("/hub/pay", { body: { contentId: "liner-notes" } });
    expect(paid.response.status).toBe(200);
    expect(paid.data!.payment).toMatchObject({ rail: "eip3009", status: "settled", payer: payer.address, amount: 0.01 });
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
  });
});
