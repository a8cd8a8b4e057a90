// The hub's checkout for readers of a creator's own site (docs/own-site.md "Readers in a browser"): the page
// takes the creator's PAYMENT-REQUIRED challenge in its URL and offers it for signing only when the
// hub's facilitator would accept the payment: x402 v2, an http(s) resource on a site verified on this
// hub, the plain USDC option on this hub's network, paid to that site's wallet. Everything else is a
// refusal page with nothing to sign. Also: GET /hub/paywall.js, the script the creator's 402 page loads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupRun, createSite, newWallet, RUN, type FixtureSite } from "../support/sites";
import { NETWORK, USDC } from "../support/x402";

const HUB = process.env.HUB_URL!;
let site: FixtureSite;
let pending: FixtureSite;
let stale: FixtureSite;

const b64 = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64");

function challenge(over: { url?: string; payTo?: string; network?: string; asset?: string; name?: string; amount?: string; x402Version?: number } = {}) {
  return {
    x402Version: over.x402Version ?? 2,
    resource: { url: over.url ?? `http://${site.domain}/articles/paid`, description: "The long read", mimeType: "text/html" },
    accepts: [
      {
        scheme: "exact",
        network: over.network ?? NETWORK,
        asset: over.asset ?? USDC,
        amount: over.amount ?? "50000",
        payTo: over.payTo ?? site.owner,
        maxTimeoutSeconds: 300,
        extra: { name: over.name ?? "USDC", version: "2" },
      },
    ],
  };
}

async function checkout(pr: string | null) {
  const res = await fetch(`${HUB}/checkout${pr === null ? "" : `?pr=${encodeURIComponent(pr)}`}`, { headers: { accept: "text/html" } });
  const html = await res.text();
  const reason = /data-testid="checkout-refused" data-reason="([^"]+)"/.exec(html)?.[1] ?? null;
  return { status: res.status, html, reason, offersPay: html.includes("Checkout</h1>") };
}

beforeAll(async () => {
  site = await createSite({ domain: `shop-${RUN}.example`, name: `Harbour ${RUN}` });
  pending = await createSite({ domain: `pending-${RUN}.example`, verified: false });
  stale = await createSite({ domain: `stale-${RUN}.example`, lastVerifiedAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) });
});
afterAll(cleanupRun);

describe("GET /checkout?pr=", () => {
  it("shows the item, the verified payee and the price of a challenge the facilitator would take", async () => {
    const res = await checkout(b64(challenge()));
    expect(res.status).toBe(200);
    expect(res.reason).toBeNull();
    expect(res.offersPay).toBe(true);
    expect(res.html).toContain(`Harbour ${RUN}`);
    expect(res.html).toContain("0.05 USDC");
    expect(res.html).toContain(`http://${site.domain}/articles/paid`);
  });

  it("takes exactly FACILITATOR_MAX_AMOUNT", async () => {
    const res = await checkout(b64(challenge({ amount: "5000000" })));
    expect(res.reason).toBeNull();
    expect(res.html).toContain("5 USDC");
  });

  it("takes the challenge as base64url too (the header's alphabet either way)", async () => {
    const res = await checkout(Buffer.from(JSON.stringify(challenge())).toString("base64url"));
    expect(res.reason).toBeNull();
  });

  const refusals: [string, () => string | null, string][] = [
    ["no pr", () => null, "malformed-challenge"],
    ["pr not base64", () => "not base64 at all!", "malformed-challenge"],
    ["pr base64 of not JSON", () => b64("{{{"), "malformed-challenge"],
    ["x402 v1", () => b64(challenge({ x402Version: 1 })), "malformed-challenge"],
    ["a javascript: resource", () => b64(challenge({ url: "javascript:alert(1)" })), "malformed-challenge"],
    ["a resource with credentials", () => b64(challenge({ url: `http://u:p@${site.domain}/a` })), "malformed-challenge"],
    ["a payTo that is not an address", () => b64(challenge({ payTo: "0x1234" })), "malformed-challenge"],
    ["another network", () => b64(challenge({ network: "eip155:1" })), "no-usable-option"],
    ["another asset", () => b64(challenge({ asset: newWallet().address })), "no-usable-option"],
    ["only the Gateway option", () => b64(challenge({ name: "GatewayWalletBatched" })), "no-usable-option"],
    ["a zero amount", () => b64(challenge({ amount: "0" })), "no-usable-option"],
    ["an amount above FACILITATOR_MAX_AMOUNT (5 USDC)", () => b64(challenge({ amount: "5000001" })), "amount-above-ceiling"],
    ["a site unknown to the hub", () => b64(challenge({ url: `https://nowhere-${RUN}.example/a` })), "unknown-site"],
    ["a site registered but not verified", () => b64(challenge({ url: `http://${pending.domain}/a`, payTo: pending.owner })), "unknown-site"],
    ["a site whose proof went stale", () => b64(challenge({ url: `http://${stale.domain}/a`, payTo: stale.owner })), "unknown-site"],
    ["a payTo that is not the site's wallet", () => b64(challenge({ payTo: newWallet().address })), "payee-mismatch"],
  ];
  it.each(refusals)("refuses %s, with nothing to sign", async (_name, pr, reason) => {
    const res = await checkout(pr());
    expect(res.status).toBe(200);
    expect(res.reason).toBe(reason);
    expect(res.offersPay).toBe(false);
    expect(res.html).not.toContain('data-testid="checkout-pay"');
  });

  it("sends no Referer from the checkout (its URL holds the challenge)", async () => {
    const res = await fetch(`${HUB}/checkout?pr=${encodeURIComponent(b64(challenge()))}`);
    expect(await res.text()).toContain('<meta name="referrer" content="no-referrer"');
  });
});

describe("GET /hub/paywall.js", () => {
  it("serves the creator-site paywall as JavaScript that sends readers to this hub's checkout", async () => {
    const res = await fetch(`${HUB}/hub/paywall.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/javascript/);
    const js = await res.text();
    expect(js).toContain('"/checkout?pr="');
    expect(js).toContain("payment-signature");
    expect(js).not.toContain("innerHTML");
  });
});
