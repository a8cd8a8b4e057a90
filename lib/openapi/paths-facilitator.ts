import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  facilitatorKeyIdParams,
  facilitatorKeyListResponse,
  facilitatorRequestSchema,
  issueFacilitatorKeyBody,
  issuedFacilitatorKeyResponse,
  revokedFacilitatorKeyResponse,
  settleResponseSchema,
  supportedResponseSchema,
  verifyResponseSchema,
} from "@/lib/schemas/facilitator";
import { websiteIdParams } from "@/lib/schemas/sites";
import { operation } from "@/lib/http/operation";
import { errors, json, pathsOf } from "./helpers";

const session = [{ session: [] }];
const facilitatorKey = [{ facilitatorKey: [] }];

const refusals = (shape: typeof verifyResponseSchema | typeof settleResponseSchema) => ({
  "400": json(shape, "Malformed request (`invalid_payload`): the body is not an x402 v2 `{ x402Version, paymentPayload, paymentRequirements }`; `error`, `details` and `code` are in the body too"),
  "401": json(shape, "No facilitator key, or one the hub did not issue or has revoked (`unauthorized`)"),
  "403": json(shape, "The key's site is not verified (`site_not_verified`: pending, failed or stale) or removed (`site_removed`)"),
  "429": json(shape, "The site's facilitator rate limit (600 calls a minute) is used up (`rate_limited`)"),
  "503": json(shape, "The chain does not answer (`chain_unavailable`, nothing recorded) or a settlement is still in flight (`settlement_pending`): send the same payload again"),
});

export const supportedOp = operation({
  method: "get",
  path: "/facilitator/supported",
  response: supportedResponseSchema,
  doc: {
    tags: ["facilitator"],
    summary: "x402 facilitator: supported payment kinds",
    description:
      "The x402 v2 facilitator interface for creators' own servers (base URL `<hub>/facilitator`, for @x402/core's HTTPFacilitatorClient or any x402 middleware). Two kinds, both scheme `exact` on the hub's network: the plain EIP-3009 authorization over USDC's own EIP-712 domain (the hub's relayer settles it at once, no gas for the payer) and Circle's GatewayWalletBatched form (locked against the payer's Gateway deposit, settled in batches). Each kind's `extra` is what a middleware puts into its requirements (`asset` besides the EIP-712 domain). Needs no key.",
    answer: "Kinds, extensions and the relayer address",
  },
});

export const facilitatorVerifyOp = operation({
  method: "post",
  path: "/facilitator/verify",
  body: facilitatorRequestSchema,
  response: verifyResponseSchema,
  doc: {
    tags: ["facilitator"],
    summary: "x402 facilitator: verify a payment for a creator's server",
    description:
      "The checks the hub's own rails make, read-only (nothing is recorded, no money moves): the key's site is verified; `paymentRequirements` are exact, this network, USDC, one of the two forms in /facilitator/supported, an amount above 0 and at most FACILITATOR_MAX_AMOUNT, `payTo` the site's owner wallet or fee wallet; `paymentPayload.resource.url` is on the site's domain; `accepted` equals the requirements; signature, amount, payee, validity window, nonce unused, and the payer's USDC (plain) or Gateway deposit minus locked payments (Gateway). A refused payment is 200 `{ isValid: false, invalidReason, invalidMessage, payer }`; reasons include invalid_signature, amount_mismatch, payee_mismatch, accepted_mismatch, expired, not_yet_valid, valid_before_too_far, nonce_used, insufficient_funds, network_mismatch, asset_mismatch, unsupported_scheme, unsupported_payment_form, invalid_amount, amount_above_ceiling, payto_not_site_wallet, resource_missing, resource_not_on_site.",
    security: facilitatorKey,
    answer: "isValid, or why not",
    responses: refusals(verifyResponseSchema),
  },
});

export const facilitatorSettleOp = operation({
  method: "post",
  path: "/facilitator/settle",
  body: facilitatorRequestSchema,
  response: settleResponseSchema,
  doc: {
    tags: ["facilitator"],
    summary: "x402 facilitator: settle a payment for a creator's server (a hub sale)",
    description:
      "Runs every verify check, then records the sale exactly as a hub-rail payment: the paid page becomes (or updates) a content item of the site from `paymentPayload.resource` (URL, description as title, price), then a Payment, its receipt, a ledger row with the site's domain, the content's unlock and revenue counters and the daily metrics; 1 % platform fee when payTo is the site's fee wallet, none when it is the owner wallet (as on /hub/pay). Plain EIP-3009: the relayer submits the authorization and `transaction` is its hash. Gateway: the amount is locked against the payer's deposit at once; `transaction` is the hub payment id (extra.status `locked`) until the batch lands, then the batch's transaction hash (settle the same payload again to read it). The same payload settled twice is one payment and the same answer; a settlement interrupted after the chain write ends in the settled answer on retry. A refused payment is 200 `{ success: false, errorReason, errorMessage, payer, transaction: \"\", network }` with the verify reasons; an authorization already spent on another page is 409 `authorization_claimed_elsewhere`.",
    security: facilitatorKey,
    answer: "success with the transaction, or why not",
    responses: {
      "409": json(settleResponseSchema, "The authorization already paid for another page (`authorization_claimed_elsewhere`)"),
      ...refusals(settleResponseSchema),
    },
  },
});

export const listFacilitatorKeysOp = operation({
  method: "get",
  path: "/hub/sites/{websiteId}/facilitator-keys",
  params: websiteIdParams,
  response: facilitatorKeyListResponse,
  doc: {
    tags: ["facilitator"],
    summary: "A site's facilitator keys",
    description: "Live and revoked keys of a site the session wallet owns, newest first: id, prefix, label, created, last used, revoked. Never the secret. Also the facilitator base URL to configure.",
    security: session,
    answer: "The keys",
    responses: errors(401, 404),
  },
});

export const issueFacilitatorKeyOp = operation({
  method: "post",
  path: "/hub/sites/{websiteId}/facilitator-keys",
  params: websiteIdParams,
  body: issueFacilitatorKeyBody,
  response: issuedFacilitatorKeyResponse,
  doc: {
    tags: ["facilitator"],
    summary: "Issue (or rotate) a facilitator key",
    description:
      "A new secret key for the site's server to send as `Authorization: Bearer <key>` to /facilitator/verify and /facilitator/settle. Returned this once; only its SHA-256 is stored. `replaces` rotates: that key is revoked in the same step. At most 5 live keys per site (409). A pending site may get keys; the facilitator refuses them until the site is verified.",
    security: session,
    answer: "The key, shown once",
    responses: errors(401, 403, 404, 409),
  },
});

export const revokeFacilitatorKeyOp = operation({
  method: "delete",
  path: "/hub/sites/{websiteId}/facilitator-keys/{keyId}",
  params: facilitatorKeyIdParams,
  response: revokedFacilitatorKeyResponse,
  doc: {
    tags: ["facilitator"],
    summary: "Revoke a facilitator key",
    description: "The facilitator refuses the key from the next call (401). Revoking a revoked key answers it unchanged.",
    security: session,
    answer: "The revoked key",
    responses: errors(401, 403, 404),
  },
});

export const facilitatorPaths: ZodOpenApiPathsObject = pathsOf(
  supportedOp, facilitatorVerifyOp, facilitatorSettleOp, listFacilitatorKeysOp, issueFacilitatorKeyOp, revokeFacilitatorKeyOp,
);
