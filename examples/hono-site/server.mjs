// A creator's own Hono server that sells through a Paid Content Hub, with stock x402 packages only:
// @x402/hono's paymentMiddleware, @x402/core's HTTPFacilitatorClient pointed at the hub's
// facilitator (authenticated with the site's facilitator key), @x402/evm's exact scheme.
// Configuration as in examples/express-site: FACILITATOR_URL (or HUB_URL), FACILITATOR_KEY, PAY_TO,
// PORT (default 4022), HOST, PUBLIC_URL, PRICE.
import { serve } from "@hono/node-server";
import { HTTPFacilitatorClient, x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { paymentMiddleware } from "@x402/hono";
import { Hono } from "hono";

const env = process.env;
const facilitatorUrl = env.FACILITATOR_URL || `${(env.HUB_URL || "http://localhost:3000").replace(/\/+$/, "")}/facilitator`;
const key = env.FACILITATOR_KEY;
const payTo = env.PAY_TO;
const port = Number(env.PORT || 4022);
const host = env.HOST || "127.0.0.1";
const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
const price = env.PRICE || "10000";
if (!key || !payTo) {
  console.error("Set FACILITATOR_KEY (issued by the hub for this site) and PAY_TO (the site's owner or fee wallet)");
  process.exit(1);
}

const authHeaders = { Authorization: `Bearer ${key}` };
const facilitator = new HTTPFacilitatorClient({
  url: facilitatorUrl,
  createAuthHeaders: async () => ({ verify: authHeaders, settle: authHeaders, supported: authHeaders }),
});

// Network, USDC and the two payment forms, as the hub's GET /supported names them.
const supported = await facilitator.getSupported();
const kinds = supported.kinds.filter((k) => k.x402Version === 2 && k.scheme === "exact");
const plain = kinds.find((k) => k.extra?.name !== "GatewayWalletBatched");
const gateway = kinds.find((k) => k.extra?.name === "GatewayWalletBatched");
if (!plain) throw new Error(`${facilitatorUrl}/supported offers no exact EIP-3009 kind`);
const network = plain.network;
const option = (kind, maxTimeoutSeconds) => ({
  scheme: "exact",
  network,
  payTo,
  maxTimeoutSeconds,
  price: { amount: price, asset: kind.extra.asset, extra: { name: kind.extra.name, version: kind.extra.version, verifyingContract: kind.extra.verifyingContract } },
});

const server = new x402ResourceServer(facilitator).register(network, new ExactEvmScheme());
const routes = {
  "GET /articles/paid": {
    description: "The paid article",
    mimeType: "text/html",
    resource: `${publicUrl}/articles/paid`,
    accepts: [option(plain, 300), ...(gateway ? [option(gateway, 7 * 24 * 3600 + 100)] : [])],
  },
};

const page = (title, body) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const app = new Hono();
// Browsers get the hub's paywall page: the reader pays with a wallet on the hub's checkout and reads here
// (README "Readers in a browser"); API clients get the plain 402 as before.
const paywall = { generateHtml: () => `<!doctype html><meta charset="utf-8"><title>Payment required</title><script src="${new URL(facilitatorUrl).origin}/hub/paywall.js"></script>` };
app.use(paymentMiddleware(routes, server, undefined, paywall));
app.get("/", (c) => c.html(page("An example creator site (Hono)", '<p><a href="/articles/free">A free article</a> · <a href="/articles/paid">A paid article</a></p>')));
app.get("/articles/free", (c) => c.html(page("A free article", "<p>Free to read, no payment needed.</p>")));
app.get("/articles/paid", (c) => c.html(page("The paid article", "<p>Thank you for paying: this paragraph is what you bought.</p>")));
app.get("/healthz", (c) => c.json({ ok: true }));

serve({ fetch: app.fetch, port, hostname: host }, () => console.log(`example creator site (Hono) on http://${host}:${port} (facilitator ${facilitatorUrl})`));
