// A creator's own server that sells through a Paid Content Hub, with stock x402 packages only:
// @x402/express's paymentMiddleware, @x402/core's HTTPFacilitatorClient pointed at the hub's
// facilitator (authenticated with the site's facilitator key), @x402/evm's exact scheme.
//
//   FACILITATOR_URL  the hub's facilitator base URL, e.g. https://hub.example/facilitator
//                    (or HUB_URL, to which /facilitator is appended)
//   FACILITATOR_KEY  the key the hub issued for this site (dashboard, or POST /hub/sites/<id>/facilitator-keys)
//   PAY_TO           the site's owner wallet (paid directly) or its fee wallet (1 % platform fee)
//   PORT             where to listen (default 4021; HOST default 127.0.0.1)
//   PUBLIC_URL       the site's public origin, e.g. https://quiet-letters.example (default http://localhost:PORT);
//                    the hub records each sale under this URL, so it must be on the domain the site verified
//   PRICE            the paid article's price in USDC atomic units (default 10000 = 0.01 USDC)
//   OWNER_WALLET     optional: served at /.well-known/svc-owner.txt, the hub's owner-link proof of the domain
import express from "express";
import { HTTPFacilitatorClient, x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { paymentMiddleware } from "@x402/express";

const env = process.env;
const facilitatorUrl = env.FACILITATOR_URL || `${(env.HUB_URL || "http://localhost:3000").replace(/\/+$/, "")}/facilitator`;
const key = env.FACILITATOR_KEY;
const payTo = env.PAY_TO;
const port = Number(env.PORT || 4021);
const host = env.HOST || "127.0.0.1";
const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
const price = env.PRICE || "10000";
if (!key || !payTo) {
  console.error("Set FACILITATOR_KEY (issued by the hub for this site) and PAY_TO (the site's owner or fee wallet)");
  process.exit(1);
}

// The key goes to every facilitator call as a Bearer token.
const authHeaders = { Authorization: `Bearer ${key}` };
const facilitator = new HTTPFacilitatorClient({
  url: facilitatorUrl,
  createAuthHeaders: async () => ({ verify: authHeaders, settle: authHeaders, supported: authHeaders }),
});

// The hub names its network, USDC and the two payment forms it settles in GET /supported: the plain
// EIP-3009 authorization (any stock x402 client) and Circle's GatewayWalletBatched (Circle's clients).
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
    // Plain first (stock clients take the first option); the Gateway option for Circle's clients,
    // whose authorizations are valid for a week (the hub settles them in batches).
    accepts: [option(plain, 300), ...(gateway ? [option(gateway, 7 * 24 * 3600 + 100)] : [])],
  },
};

const app = express();
// Browsers get the hub's paywall page: the reader pays with a wallet on the hub's checkout and reads here
// (README "Readers in a browser"); API clients get the plain 402 as before.
const paywall = { generateHtml: () => `<!doctype html><meta charset="utf-8"><title>Payment required</title><script src="${new URL(facilitatorUrl).origin}/hub/paywall.js"></script>` };
app.use(paymentMiddleware(routes, server, undefined, paywall));

const page = (title, body) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

app.get("/", (_req, res) => res.type("html").send(page("An example creator site", '<p><a href="/articles/free">A free article</a> · <a href="/articles/paid">A paid article</a></p>')));
app.get("/articles/free", (_req, res) => res.type("html").send(page("A free article", "<p>Free to read, no payment needed.</p>")));
app.get("/articles/paid", (_req, res) => res.type("html").send(page("The paid article", "<p>Thank you for paying: this paragraph is what you bought.</p>")));
app.get("/healthz", (_req, res) => res.json({ ok: true }));
// The hub's owner-link proof of this domain (README "Sites, verification and the widget"), when OWNER_WALLET is set.
if (env.OWNER_WALLET) app.get("/.well-known/svc-owner.txt", (_req, res) => res.type("text").send(env.OWNER_WALLET));

app.listen(port, host, () => console.log(`example creator site on http://${host}:${port} (facilitator ${facilitatorUrl})`));
