import type { ZodOpenApiPathsObject } from "zod-openapi";
import { errorBodySchema } from "@/lib/http/errors";
import { z } from "zod";
import { paymentRequiredBodySchema } from "@/lib/schemas/x402";
import {
  claimBody, claimResponse, heldQuery, heldResponse, holdBody, holdChallengeResponse, holdHeldResponse, refundBody, refundResponse,
  resolveQuery, resolveResponse, tipChallengeBody, tipChallengeResponse, tipVerifyBody, tipVerifyResponse,
} from "@/lib/schemas/tips";
import { operation } from "@/lib/http/operation";
import { errors, json, pathsOf } from "./helpers";

/** The exact texts, verbatim in docs/tips.md too (lib/tips/message-texts.test.ts keeps them in step with the code). */
export const REFUND_MESSAGE_DOC = [
  "Refund held tips on Paid Content Hub",
  "Domain: <canonical domain: lowercase host, no scheme, port or leading www.>",
  "Payer: <payer address, EIP-55 checksummed>",
  "Amount: <cap as a USDC decimal without trailing zeros> USDC   (or, without a cap: Amount: all)",
  "Chain: eip155:<chain id of this hub, e.g. 5042002>",
  "Nonce: <8 to 64 characters of A-Z a-z 0-9 _ -, never reused by this payer>",
].join("\n");

export const CLAIM_TOKEN_DOC = [
  "Claim held tips on Paid Content Hub",
  "Domain: <the site's canonical domain>",
  "Site: <siteId>",
  "Pay to: <creatorWallet, EIP-55 checksummed>",
  "Chain: eip155:<chain id of this hub, e.g. 5042002>",
].join("\n");

const pending = json(errorBodySchema, "pending-settlement: gateway-rail holds are still settling into the box; retry shortly");
const header = (description: string) => ({ description, schema: { type: "string" as const } });
const paymentHeaders = z.object({
  "payment-signature": z.string().optional().meta({ description: "Gateway rail: base64 x402 payment payload (or the body's paymentSignature)" }),
  "x-svc-transfer-tx": z.string().optional().meta({ description: "Transfer rail: the tx hash (or the body's txHash)" }),
  "x-svc-tx-owner": z.string().optional().meta({ description: "Transfer rail: the sender's ownership signature (or the body's txOwner)" }),
});
const paymentRequired = {
  ...json(paymentRequiredBodySchema, "The payment did not verify (or none was sent): a fresh challenge and a machine-readable reason"),
  headers: { "PAYMENT-REQUIRED": header("base64 JSON x402 challenge") },
};

const SETTLE_RULES = `Who is paid: a quickshare link on this hub pays the share's owner (never held; being quickshare activity, its ledger row is of kind quickshare, subkind tip, without the link, slug, title, domain or owner, while /hub/stats counts it among the tips); otherwise the page's content record's recipientWallet, else the verified site's owner (see GET /hub/resolve); a page the hub cannot resolve is paid to the body's \`recipient\` (400 missing-recipient without one; or hold the tip: POST /hub/tips/hold). The hub's resolution always wins over \`recipient\`.

payTo and the fee (100 bps): a hosted site's creator (and a quickshare owner) is paid into their fee wallet, whose on-chain 99/1 split (FeeWalletFactory.distribute) sends the 1% to the treasury: \`feeSettlement: "fee-wallet"\`, and the payment and ledger row record the 1% as protocolFee. A self-hosted creator is paid directly (payTo = the creator, as the interface requires), so nothing can route the 1% on chain: \`feeSettlement: "accrued"\`, the tip is stamped with feeBps 100 and the 1% as owed, while the payment and the ledger row record protocolFee 0 (what actually reached the treasury).`;

const TIP_VERIFY_DESCRIPTION = `Send the same contentUrl and amount as the challenge, and the credentials: gateway rail \`paymentSignature\` (or the Payment-Signature header): the base64 x402 payload for one of the challenge's accepts; transfer rail \`txHash\` and \`txOwner\` (or x-svc-transfer-tx and x-svc-tx-owner): a mined USDC transfer of at least amount to payTo, and the sender's EIP-191 signature of exactly

\`\`\`
x402 transfer payment
Chain: eip155:<chain id>
Transaction: <tx hash, lowercase>
Resource: <contentUrl>
\`\`\`

(the ownership proof keeps anyone else from filing your transfer as their tip). The payment is verified and recorded by the same code as /hub/pay: once, whatever the retries (a replay returns the first result with replayed true; a tx hash or authorization already spent elsewhere answers 409). 200: \`status: "settled"\`, the settled tip, the x402 receipt (gateway: status locked until its batch settles) and PAYMENT-RESPONSE; a ledger tip row (subkind settled). 402 when the payment does not verify.\n\n${SETTLE_RULES}`;

const HOLD_DESCRIPTION =
  "Without txHash: 200 {holdStatus: \"challenge\", box} with the domain's holding box, a CREATE2 address predicted off chain (it may have no code yet). Send USDC there, then repeat with txHash: the hub requires a successful transaction with USDC Transfer logs (of the USDC contract) from the payer into the box for at least `amount`, records the amount actually transferred as a held tip and writes a ledger tip row (subkind held). A tx hash counts once: a retry answers with the same tip; a hash recorded for another box answers 409 txhash-claimed-elsewhere. The hold route never resolves a creator; quickshare links and this hub's own pages are never held (400 not-holdable).\n\nGateway rail: with paymentRail gateway and no payment, the challenge also carries x402 accepts whose payTo is the box; send the signed payload as paymentSignature (or the Payment-Signature header). The payment is verified and recorded by lib/x402 (a plain EIP-3009 authorization is settled into the box at once; a Gateway authorization is locked until the batch settler settles it into the box, and until then claims and refunds of the domain answer 202 pending-settlement).";

const CLAIM_DESCRIPTION = `The site's secret (\`token\`, sk_…) proves ownership, or the session of one of the site's owner wallets when \`token\` is left out (the dashboard's Claim button); the public site key (pk_…) does not. The site must be verified. The first claim binds the domain to the receiving wallet; a claim to any other wallet later answers 409 domain-claimed-by-other-wallet (manual review). Claiming to a wallet other than the site's owner wallet needs \`claimToken\`: the owner's EIP-191 personal_sign over exactly this text (lines joined by \\n, no trailing newline):\n\n\`\`\`\n${CLAIM_TOKEN_DOC}\n\`\`\`\n\nEvery held tip of the domain is swept in ONE HoldingBoxFactory.release transaction (the box is deployed on first use): floor(balance × 500 / 10000) to the treasury, the rest to the creator. Tips are marked released, each stamped with its share of the fee, only after that transaction succeeded; a revert leaves every tip held and answers 502. A claim with nothing held answers {released: [], pending: 0}. Claims and refunds of one domain run one at a time.`;

const REFUND_DESCRIPTION = `\`message\` is the refund control message, exactly (lines joined by \\n, no trailing newline):\n\n\`\`\`\n${REFUND_MESSAGE_DOC}\n\`\`\`\n\nand \`signature\` is the payer's EIP-191 personal_sign of it (403 when the signer is not \`payer\`, or the message names another domain, payer, chain or amount). The Amount line must match the request's \`amount\` (absent: \"all\"). Each nonce works once (409 refund-nonce-used); a refund that fails on chain gives the nonce back. The refund is min(amount, held total), newest tips first; a tip covered in part stays held with the rest. One HoldingBoxFactory.refund pays the payer; a negative ledger tip row (subkind refund) is written. 404 when nothing is held for that payer and domain (settled and released tips cannot be refunded).`;

export const resolveOp = operation({
  method: "get",
  path: "/hub/resolve",
  query: resolveQuery,
  response: resolveResponse,
  doc: {
    tags: ["tips"],
    summary: "Resolve the owner wallet of a URL",
    description:
      "Resolution order: a quickshare link on this hub (/qs/<slug>) resolves to the share's owner; otherwise the page's content record wins when it names a recipientWallet; otherwise the verified (and not removed) site of the URL's domain resolves to its owner wallet. `source` says which. Unresolved URLs answer 200 with resolved false and next \"hold\".",
    answer: "The resolution",
    responses: errors(400),
  },
});

export const tipChallengeOp = operation({
  method: "post",
  path: "/hub/tips/challenge",
  body: tipChallengeBody,
  response: tipChallengeResponse,
  doc: {
    tags: ["tips"],
    summary: "The x402 challenge of a tip that settles at once",
    description: `200 (not 402) with the x402 v2 challenge (x402Version, resource, accepts) plus payee, payTo, feeBps and protocolFee; the same challenge rides in the PAYMENT-REQUIRED header. accepts[0] is a plain EIP-3009 authorization (the hub's relayer settles it when verified); accepts[1] is Circle Gateway's batched format (drawn from the payer's Gateway deposit, settled in batches). For the transfer rail, send amount USDC to accepts[0].payTo.\n\n${SETTLE_RULES}`,
    answer: "The challenge",
    answerHeaders: { "PAYMENT-REQUIRED": header("base64 JSON x402 challenge") },
    responses: errors(400, 503),
  },
});

export const tipVerifyOp = operation({
  method: "post",
  path: "/hub/tips/verify",
  body: tipVerifyBody,
  response: tipVerifyResponse,
  doc: {
    tags: ["tips"],
    summary: "Verify a tip's payment and record it as settled",
    description: TIP_VERIFY_DESCRIPTION,
    security: [{}, { Payment: [] }],
    headers: paymentHeaders,
    answer: "Settled",
    answerHeaders: { "PAYMENT-RESPONSE": header("base64 JSON x402 settle response") },
    responses: { "402": paymentRequired, ...errors(400, 409, 503) },
  },
});

export const tipHoldOp = operation({
  method: "post",
  path: "/hub/tips/hold",
  body: holdBody,
  response: holdChallengeResponse.or(holdHeldResponse),
  doc: {
    tags: ["tips"],
    summary: "Hold a tip for an unresolved creator in the domain's holding box",
    description: HOLD_DESCRIPTION,
    headers: paymentHeaders.pick({ "payment-signature": true }),
    answer: "holdStatus challenge (no txHash) or held (transfer verified)",
    responses: {
      "402": json(
        z.union([paymentRequiredBodySchema, errorBodySchema]),
        "The transfer into the box did not verify (error body), or the gateway payment did not (a fresh challenge and a reason)",
      ),
      ...errors(400, 409, 503),
    },
  },
});

export const tipsHeldOp = operation({
  method: "get",
  path: "/hub/tips/held",
  query: heldQuery,
  response: heldResponse,
  doc: {
    tags: ["tips"],
    summary: "Tips still held for a domain",
    description: "Public, no site verification. Newest first; `total` counts every held tip of the domain.",
    answer: "Held tips",
    responses: errors(400),
  },
});

export const tipClaimOp = operation({
  method: "post",
  path: "/hub/tips/claim",
  body: claimBody,
  response: claimResponse,
  doc: {
    tags: ["tips"],
    summary: "Release a domain's held tips to its verified owner",
    description: CLAIM_DESCRIPTION,
    answer: "Released (or nothing to release)",
    responses: { "202": pending, ...errors(400, 403, 409, 502, 503) },
  },
});

export const tipRefundOp = operation({
  method: "post",
  path: "/hub/tips/refund",
  body: refundBody,
  response: refundResponse,
  doc: {
    tags: ["tips"],
    summary: "Refund a payer's held tips for a domain (no fee)",
    description: REFUND_DESCRIPTION,
    answer: "Refunded",
    responses: { "202": pending, ...errors(400, 403, 404, 409, 502, 503) },
  },
});

export const tipsPaths: ZodOpenApiPathsObject = pathsOf(resolveOp, tipChallengeOp, tipVerifyOp, tipHoldOp, tipsHeldOp, tipClaimOp, tipRefundOp);
