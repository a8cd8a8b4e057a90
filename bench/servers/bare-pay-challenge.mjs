// A bare Node `http` server that answers POST /hub/pay without payment as the hub does: parse the JSON
// body, look the content up with the app's own Prisma client (the same query: hub id or externalId),
// build the same x402 v2 challenge (plain + Gateway options) with the same extensions made by the same
// package calls (a fresh sign-in-with-x challenge, two EIP-712 signed offers with the hub's receipt key,
// the payment-identifier declaration; the bazaar declaration as the hub answered it), encode
// PAYMENT-REQUIRED with @x402/core and answer 402. The baseline for bench/pay.mjs.
// Run with the tsx loader (it imports lib/db-core.ts); PORT, DATABASE_URL, BARE_CHALLENGE_TERMS
// (USDC's EIP-712 name/version and the contract addresses, read from the hub's own challenge),
// BARE_RECEIPT_KEY and BARE_BAZAAR (the hub's receipt key and its bazaar declaration) set.
import http from "node:http";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import { createEIP712OfferReceiptIssuer, createOfferReceiptExtension, declareOfferReceiptExtension } from "@x402/extensions/offer-receipt";
import { declarePaymentIdentifierExtension } from "@x402/extensions/payment-identifier";
import { createSIWxResourceServerExtension, declareSIWxExtension } from "@x402/extensions/sign-in-with-x";
import { getAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createDb } from "../../lib/db-core.ts";

const db = createDb(process.env.DATABASE_URL);
const terms = JSON.parse(process.env.BARE_CHALLENGE_TERMS);
const network = "testnet";
const caip2 = "eip155:5042002";
const DETAILS =
  "This resource costs USDC: pay one of the `accepts` options and retry with the Payment-Signature header, or send a USDC transfer to payTo and retry with x-svc-transfer-tx and x-svc-tx-owner";

const origin = `http://127.0.0.1:${process.env.PORT}`;
const receiptKey = privateKeyToAccount(process.env.BARE_RECEIPT_KEY);
const bazaar = JSON.parse(process.env.BARE_BAZAAR);
const siwx = createSIWxResourceServerExtension({ storage: { hasPaid: () => false, recordPayment: () => {} }, origin });
const offers = createOfferReceiptExtension(createEIP712OfferReceiptIssuer("did:web:bench#receipt-key", (p) => receiptKey.signTypedData(p)));

async function extensionsFor(resource, accepts) {
  const context = { requirements: accepts, resourceInfo: resource, paymentRequiredResponse: { x402Version: 2, resource, accepts } };
  const siwxInfo = await siwx.enrichPaymentRequiredResponse(declareSIWxExtension({ statement: "Sign in", expirationSeconds: 300 })["sign-in-with-x"], { ...context, resourceInfo: { ...resource, url: `${origin}/hub/pay` } });
  const offerInfo = await offers.enrichPaymentRequiredResponse(declareOfferReceiptExtension({ offerValiditySeconds: 300 })["offer-receipt"], context);
  return { bazaar, "sign-in-with-x": siwxInfo, "payment-identifier": declarePaymentIdentifierExtension(false), "offer-receipt": offerInfo };
}

async function challengeFor(contentId) {
  const include = { site: true };
  const rows = await db.content.findMany({ where: { network, OR: [{ id: contentId }, { externalId: contentId }] }, include, orderBy: { createdAt: "asc" }, take: 5 });
  const content = rows.find((r) => r.id === contentId) ?? rows[0];
  if (!content) return undefined;
  const payTo = getAddress(content.recipientWallet ?? content.site.ownerWallet);
  const common = { scheme: "exact", network: caip2, asset: terms.asset, amount: content.priceAtomic.toString(), payTo };
  const resource = { url: content.url, description: content.title, mimeType: "application/json" };
  const accepts = [
    { ...common, maxTimeoutSeconds: 300, extra: { name: terms.name, version: terms.version, verifyingContract: terms.asset } },
    { ...common, maxTimeoutSeconds: 604_900, extra: { name: "GatewayWalletBatched", version: "1", verifyingContract: terms.gateway } },
  ];
  return { x402Version: 2, error: "payment_required", resource, accepts, extensions: await extensionsFor(resource, accepts) };
}

const CORS = { "access-control-allow-origin": "*", "access-control-expose-headers": "PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE, Link" };

http
  .createServer(async (req, res) => {
    if (req.url === "/health") return res.writeHead(200).end("ok");
    if (req.method !== "POST" || req.url !== "/hub/pay") return res.writeHead(404).end();
    let text = "";
    for await (const chunk of req) text += chunk;
    let body;
    try {
      body = JSON.parse(text || "{}");
    } catch {
      return res.writeHead(400, { "content-type": "application/json", ...CORS }).end(JSON.stringify({ error: "Malformed JSON body", details: "", code: "invalid-json" }));
    }
    const challenge = typeof body.contentId === "string" ? await challengeFor(body.contentId) : undefined;
    if (!challenge) return res.writeHead(400, { "content-type": "application/json", ...CORS }).end('{"error":"unknown content"}');
    // The hub's body: the challenge's fields but its machine `error`, then the error map's three (lib/http/errors.ts).
    const { error: _reason, ...fields } = challenge;
    res
      .writeHead(402, { "content-type": "application/json", "cache-control": "no-store", "PAYMENT-REQUIRED": encodePaymentRequiredHeader(challenge), ...CORS })
      .end(JSON.stringify({ ...fields, error: "Payment required", details: DETAILS, code: "payment-required" }));
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
