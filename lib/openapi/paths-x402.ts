import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { errorBodySchema } from "@/lib/http/errors";
import { paidPassResponse } from "@/lib/schemas/passes";
import {
  discoveryResponse,
  paidPostResponseSchema,
  paidResponseSchema,
  payBody,
  paymentRequiredBodySchema,
  preflightBody,
  preflightResponse,
  receiptResponse,
} from "@/lib/schemas/x402";
import { operation } from "@/lib/http/operation";
import { errors, json, pathsOf, siwxHeader } from "./helpers";

const header = (description: string) => ({ description, schema: { type: "string" as const } });

const PAY_DESCRIPTION = `Without payment credentials: **402** with the x402 v2 challenge in the \`PAYMENT-REQUIRED\` header (standard padded base64 of UTF-8 JSON) and the same challenge plus \`{ error, details, code }\` in the body. The challenge is bound to the server-side price and payee: when \`contentId\` (hub id or the site's externalId) or \`url\` names tracked content, its price and recipient win over the body's \`price\` / \`recipient\`; otherwise \`price\` defaults to 0.01 USDC and \`recipient\` to the hub's configured seller, and a request that resolves no recipient gets 400 \`missing-recipient\`. On a hosted site the payee (\`payTo\`) is the creator's fee wallet (99% creator, 1% protocol fee, recorded as \`protocolFee\`); otherwise the creator.

\`accepts[0]\` is a plain EIP-3009 \`TransferWithAuthorization\` over USDC's own EIP-712 domain (what stock x402 clients such as \`@x402/fetch\` + \`ExactEvmScheme\` sign); the hub's relayer settles it on chain before answering. \`accepts[1]\` is Circle Gateway's batched format (\`extra.name\` \`GatewayWalletBatched\`, signed over the Gateway Wallet's domain, drawn from the payer's Gateway deposit; Circle's \`BatchEvmScheme\` / \`GatewayClient\` pick it); the hub checks the deposit minus amounts already locked, locks the amount and answers at once, and its batch settler settles the lock on chain (\`status\` locked → settled).

**Gateway rail**: retry the same request with \`Payment-Signature\` (also read as \`Payment\`): base64 JSON \`{ x402Version: 2, accepted, payload: { authorization, signature } }\` where \`accepted\` is the chosen \`accepts\` item copied unchanged.

**Transfer rail**: transfer at least the price in USDC to \`payTo\` yourself, then retry with \`x-svc-transfer-tx: <tx hash>\` and \`x-svc-tx-owner: <signature>\`, an EIP-191 \`personal_sign\` by the sending wallet of exactly these four lines joined by \`\\n\` (no trailing newline):

\`\`\`
x402 transfer payment
Chain: eip155:<chain id>
Transaction: <tx hash, lowercase>
Resource: <resource.url of the 402 challenge>
\`\`\`

Only Transfer logs emitted by the USDC contract count. A tx hash pays for one content item only (409 \`txhash-claimed-elsewhere\`); the same hash, content and payer again is an idempotent re-read. **Age rule**: a transfer mined longer ago than the challenge's \`maxTimeoutSeconds\` (300 s) is refused 402 with \`reason: transfer_too_old\` (it was sent before the payer could have seen this price; send a new one). An \`x-svc-tx-owner\` signed by a wallet other than the transfer's sender, or over another resource, is **403** \`payer-mismatch\`.

When \`contentId\`, \`url\` or \`path\` names tracked content (whichever field names it), that content's price, recipient and title win over the body's.

**Hosted blog posts**: a \`contentId\` that is a hosted post's explore card (its hub id, or its externalId \`post:<postId>\`, which also names an invite-only post without a card) or a \`url\` that is a post page (the card's \`url\`) or its access URL is sold by the blog's own access engine as the post itself: the post's price and tier (send \`wallet\` to be quoted an invited or whitelisted wallet's tier; a payment's own payer is decided on too), its invitation and ban rules (403 before any charge), its entitlement recorded for the payer (the blog's page and access route then grant it). The 402 is the one the post's access route gives (\`resource.url\` is the post's access URL). The 200 is \`{ success, kind: "post", payment, receiptUrl, unlockProof, accessUrl, pageUrl, post }\` with \`post\` what the access route answers; a wallet that already owns the post (it signs a payment that is not settled, or signs in with SIGN-IN-WITH-X) is answered without a charge and \`payment: null\`.

**200**: \`{ success: true, payment: <receipt> }\` and the \`PAYMENT-RESPONSE\` header (x402 settle response; \`transaction\` is the settlement tx hash, or the payment id while a gateway payment is locked). A replay of the same credentials for the same content returns the first receipt and records nothing new; the same authorization against other content is 409 \`authorization-claimed-elsewhere\`. Credentials that do not verify get **402** \`payment-invalid\` with a fresh challenge and a machine-readable \`reason\` (\`malformed_payment\`, \`network_mismatch\`, \`accepted_mismatch\`, \`payee_mismatch\`, \`amount_mismatch\`, \`not_yet_valid\`, \`expired\`, \`valid_before_too_far\`, \`invalid_signature\`, \`nonce_used\`, \`insufficient_funds\`, \`settlement_failed\`, \`transfer_not_found\`, \`transfer_reverted\`, \`amount_insufficient\`, \`transfer_too_old\`). **503** \`chain-unavailable\` when the chain does not answer (a Gateway payment needs no chain read while the hub's deposit index is current; nothing recorded; for a plain authorization already submitted, retry the same request to get its receipt); **503** \`payment-not-recorded\` when a plain authorization's transfer landed but recording it failed: retry the same request to get the paid 200 (charged once).`;

const payHeaders = z
  .object({
    "payment-signature": z.string().optional().meta({ description: "Gateway rail (either accepts option): base64 x402 payment payload" }),
    "x-svc-transfer-tx": z.string().optional().meta({ description: "Transfer rail: the USDC transfer's tx hash" }),
    "x-svc-tx-owner": z.string().optional().meta({ description: "Transfer rail: EIP-191 signature of the ownership message by the sender" }),
    "x-svc-actor": z.enum(["agent", "human"]).optional().meta({ description: "Recorded as the ledger row's actor" }),
  })
  .extend(siwxHeader.shape);

export const payOp = operation({
  method: "post",
  path: "/hub/pay",
  body: payBody,
  response: z.union([paidResponseSchema, paidPostResponseSchema, paidPassResponse]),
  doc: {
    tags: ["payments"],
    summary: "Paid unlock: 402 x402 challenge, then the receipt once paid (gateway or transfer rail)",
    description: PAY_DESCRIPTION,
    security: [{}, { Payment: [] }],
    headers: payHeaders,
    answer: "Paid: the receipt (and, for a hosted post, the post itself; for a blog's pass, the pass)",
    answerHeaders: { "PAYMENT-RESPONSE": header("base64 JSON x402 settle response { success, payer, transaction, network, amount }") },
    responses: {
      "402": {
        ...json(paymentRequiredBodySchema, "Payment required, or the payment did not verify (a fresh challenge comes with it)"),
        headers: { "PAYMENT-REQUIRED": header("base64 JSON x402 challenge (PaymentRequired)") },
      },
      ...errors(400, 403),
      "409": json(errorBodySchema, "txhash-claimed-elsewhere / authorization-claimed-elsewhere: these credentials already paid for other content; payment-identifier-reused: the payload's payment identifier (x402 `payment-identifier` extension) was used for another payment in the last 24 hours"),
      "403": json(errorBodySchema, "forbidden (content not for sale, wrong site credentials) or payer-mismatch (transfer rail: the x-svc-tx-owner signature is not by the transfer's sender, or names other content)"),
      "503": json(errorBodySchema, "chain-unavailable: the chain does not answer; nothing was recorded (retry later). payment-not-recorded: the transfer landed but is not recorded yet; retry the same request"),
    },
  },
});

export const preflightOp = operation({
  method: "post",
  path: "/hub/preflight",
  body: preflightBody,
  response: preflightResponse,
  doc: {
    tags: ["payments"],
    summary: "Would this payment go through? (free, read-only, no transaction)",
    description:
      "Resolves price and recipient exactly as /hub/pay (tracked content wins), compares `amount` (or `price`) with the server price and, when `payer` is given, reads its USDC balance and its Gateway deposit minus open locks. `ok: false` names the first problem in `reason`: `invalid_address` (payer or recipient is not an address), `recipient_unresolved`, `price_mismatch`, `unfunded` (neither balance covers the price; `options.paymentRail` narrows it to one). When the chain does not answer: `ok: true, proceedAnyway: true`.",
    answer: "The verdict",
    responses: errors(400, 403),
  },
});

export const receiptOp = operation({
  method: "get",
  path: "/hub/receipts/{paymentId}",
  params: z.object({ paymentId: z.string().min(1).max(100) }),
  response: receiptResponse,
  doc: {
    tags: ["payments"],
    summary: "The signed x402 receipt of a recorded payment",
    description:
      "The receipt the paid 200 carried in `PAYMENT-RESPONSE` (`extensions[\"offer-receipt\"].info.receipt`): EIP-712, `{ version, network, resourceUrl, payer, issuedAt, transaction: \"\" }` signed by the hub's receipt key (`signer`, also in /api/svc/status and /.well-known/did.json). Verify offline with `verifyReceiptSignatureEIP712` from `@x402/extensions/offer-receipt`. Ledger payment rows link here (`receiptUrl`). Signing is deterministic: every read returns the same receipt. 404 for an unknown, pending or failed payment.",
    answer: "The signed receipt",
    responses: errors(404),
  },
});

export const didDocumentOp = operation({
  method: "get",
  path: "/.well-known/did.json",
  response: z.looseObject({ id: z.string(), verificationMethod: z.array(z.looseObject({ id: z.string(), blockchainAccountId: z.string() })) }),
  doc: {
    tags: ["payments"],
    summary: "The hub's did:web document: the key that signs x402 offers and receipts",
    answer: "DID document",
  },
});

export const discoveryOp = operation({
  method: "get",
  path: "/.well-known/x402",
  response: discoveryResponse,
  doc: {
    tags: ["payments"],
    summary: "x402 discovery: live paid resource URLs and how to pay for them",
    description:
      "Resources are the URLs of paid content on verified sites priced within the declared range (0.01 to 1.00 USDC). Pay for one with POST /hub/pay and `{ url }` or `{ contentId }`; the runtime 402 challenge is authoritative.",
    answer: "The discovery document",
  },
});

export const x402Paths: ZodOpenApiPathsObject = pathsOf(payOp, preflightOp, receiptOp, didDocumentOp, discoveryOp);
