import { z } from "zod";
import { walletAddress } from "./auth";
import { postAccessGrant } from "./blog";
import { paymentReceiptSchema } from "./payment-receipt";

const hex = (bytes?: number) =>
  z.string().regex(bytes ? new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`) : /^0x([0-9a-fA-F]{2})+$/, bytes ? `must be 0x and ${bytes} bytes of hex` : "must be 0x-prefixed hex");
const uintString = z.string().regex(/^(0|[1-9]\d{0,77})$/, "must be a non-negative integer string");
// A plain string, not `0x${string}`: @x402/core types these fields as string.
const addressLike = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x address");
/** A USDC amount as the interface writes prices: a decimal string ("0.05"); numbers are accepted too. */
const usdcAmount = z.union([z.string().max(40), z.number().nonnegative()]).meta({ example: "0.05" });

// ───────────── x402 wire format (v2) ─────────────

export const paymentRequirementsSchema = z
  .object({
    scheme: z.string().meta({ example: "exact" }),
    network: z.string().meta({ example: "eip155:5042002" }),
    asset: addressLike.meta({ description: "USDC token contract", example: "0x3600000000000000000000000000000000000000" }),
    amount: uintString.meta({ description: "Exact price in atomic units (6 decimals)", example: "50000" }),
    payTo: addressLike,
    maxTimeoutSeconds: z.number().int().nonnegative(),
    extra: z.record(z.string(), z.unknown()).meta({
      description:
        "Plain EIP-3009 option (first): { name, version } of the USDC contract and verifyingContract = asset. Gateway option (second): { name: \"GatewayWalletBatched\", version: \"1\", verifyingContract: <Gateway Wallet> }.",
    }),
  })
  .meta({ id: "PaymentRequirements" });

const resourceInfo = z.object({ url: z.string(), description: z.string().optional(), mimeType: z.string().optional() });

export const paymentRequiredSchema = z
  .object({
    x402Version: z.literal(2),
    error: z.string().optional(),
    resource: resourceInfo,
    accepts: z.array(paymentRequirementsSchema),
  })
  .meta({ id: "PaymentRequired", description: "The x402 challenge: base64 JSON of this object is the PAYMENT-REQUIRED header." });

/** The EIP-3009 authorization both options sign (over the USDC domain, or over GatewayWalletBatched). */
export const exactAuthorizationSchema = z.object({
  from: addressLike,
  to: addressLike,
  value: uintString,
  validAfter: uintString,
  validBefore: uintString,
  nonce: hex(32),
});

/** Decoded Payment-Signature header (x402 v2, scheme exact). */
export const paymentPayloadSchema = z
  .object({
    x402Version: z.literal(2, "only x402Version 2 is supported"),
    accepted: paymentRequirementsSchema,
    payload: z.object({ authorization: exactAuthorizationSchema, signature: hex() }),
    resource: resourceInfo.partial().optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "PaymentPayload", description: "base64 JSON of this object is the Payment-Signature header" });

// ───────────── receipts ─────────────

export { paymentReceiptSchema };

export const paidResponseSchema = z.object({ success: z.literal(true), payment: paymentReceiptSchema }).meta({ id: "PaidResponse" });

/** /hub/pay's 200 for a hosted blog post: the blog's own access answer for the payer, with the receipt and where to re-read. */
export const paidPostResponseSchema = z
  .object({
    success: z.literal(true),
    kind: z.literal("post"),
    payment: paymentReceiptSchema.nullable().meta({ description: "The receipt of this purchase; null when the wallet already owned the post (nothing charged)" }),
    receiptUrl: z.string().nullable().meta({ description: "GET it for the signed receipt (null when nothing was charged)" }),
    unlockProof: z.string().nullable().meta({ description: "Send as x-svc-payment-proof to accessUrl or the page to re-read without paying; valid 12 hours" }),
    accessUrl: z.string().meta({ description: "The post's access route on its blog's origin (the x402 resource this payment bought)" }),
    pageUrl: z.string().meta({ description: "The post's page (its explore card's url)" }),
    post: postAccessGrant.meta({ description: "What the blog's access route answers this wallet: the decrypted post, media, entitlement" }),
  })
  .meta({ id: "PaidPostResponse" });

/** GET /hub/receipts/{paymentId}: a recorded payment's signed receipt and the key that signed it. */
export const receiptResponse = z.object({
  success: z.literal(true),
  paymentId: z.string(),
  receipt: z.object({
    format: z.literal("eip712"),
    payload: z.object({
      version: z.number().int(),
      network: z.string(),
      resourceUrl: z.string(),
      payer: z.string(),
      issuedAt: z.number().int(),
      transaction: z.string().meta({ description: "Always empty: the receipt does not name the settlement (privacy)" }),
    }),
    signature: z.string(),
  }),
  signer: z.object({ kid: z.string(), address: z.string(), format: z.literal("eip712") }),
});

/** A 402: the x402 challenge fields and our error fields in one body. */
export const paymentRequiredBodySchema = paymentRequiredSchema
  .extend({
    error: z.string(),
    details: z.string(),
    code: z.enum(["payment-required", "payment-invalid"]),
    reason: z.string().optional().meta({ description: "Why a payment was refused (machine-readable), e.g. insufficient_funds, invalid_signature, nonce_used" }),
  })
  .meta({ id: "PaymentRequiredBody" });

// ───────────── POST /hub/pay ─────────────

export const payBody = z
  .object({
    contentId: z.string().min(1).max(200).optional().meta({ description: "Hub content id or the site's externalId; when tracked, its price and recipient win" }),
    title: z.string().max(500).optional(),
    path: z.string().max(2000).optional(),
    url: z.string().max(2000).optional(),
    price: usdcAmount.optional().meta({ description: "USDC; used only when contentId is not tracked (default 0.01)" }),
    recipient: walletAddress.optional().meta({ description: "Creator wallet when contentId is not tracked (default: the hub's SELLER_ADDRESS)" }),
    paymentRail: z.enum(["gateway", "transfer"]).default("gateway").meta({
      description: "The rail the client intends to use; informational: the challenge is the same and the hub accepts whichever credentials arrive",
    }),
    siteId: z.string().max(100).optional().meta({ description: "Site UUID for attribution of untracked content (needs siteToken)" }),
    siteToken: z.string().max(200).optional(),
    wallet: walletAddress.optional().meta({
      description: "Hosted posts only: the wallet the purchase is for (a claim, as the blog's ?wallet=), so an invited or whitelisted payer is quoted its own tier before paying",
    }),
  })
  .meta({ id: "PayRequest" });

// ───────────── POST /hub/preflight ─────────────

export const preflightBody = z
  .object({
    contentId: z.string().min(1).max(200),
    price: usdcAmount,
    title: z.string().max(500).optional(),
    path: z.string().max(2000).optional(),
    amount: usdcAmount.optional().meta({ description: "USDC the payer intends to send" }),
    payer: z.string().max(100).optional().meta({ description: "Payer wallet; only its balances are read" }),
    recipient: z.string().max(100).optional().meta({ description: "Creator wallet when contentId is not tracked" }),
    options: z.record(z.string(), z.unknown()).optional().meta({ description: "e.g. { hosted: true, paymentRail: \"gateway\" }" }),
  })
  .meta({ id: "PreflightRequest" });

export const preflightResponse = z
  .object({
    success: z.literal(true),
    ok: z.boolean(),
    reason: z.enum(["price_mismatch", "unfunded", "recipient_unresolved", "invalid_address"]).optional(),
    proceedAnyway: z.boolean().optional().meta({ description: "true when the check could not complete (chain down): pay and let /hub/pay decide" }),
    details: z.string().optional(),
    tracked: z.boolean(),
    price: z.string().optional().meta({ description: "The server price (USDC)" }),
    currency: z.literal("USDC"),
    recipient: z.string().nullable(),
    payTo: z.string().nullable(),
    hosted: z.boolean(),
    network: z.string(),
    balances: z
      .object({ wallet: z.string(), gateway: z.string().meta({ description: "Gateway deposit the hub still accepts payments against (minus open locks)" }) })
      .optional(),
  })
  .meta({ id: "PreflightResponse" });

// ───────────── GET /.well-known/x402 ─────────────

export const discoveryResponse = z
  .object({
    version: z.number().int(),
    resources: z.array(z.string()),
    instructions: z.string(),
    payment: z.object({
      protocol: z.literal("x402"),
      x402Version: z.literal(2),
      pricing: z.literal("dynamic"),
      currency: z.literal("USDC"),
      asset: z.string(),
      network: z.string(),
      minimum: z.string(),
      maximum: z.string(),
      rails: z.array(z.string()).meta({ description: "eip3009: a plain USDC TransferWithAuthorization (accepts[0], what stock clients sign); gateway: Circle Gateway batched (accepts[1]); transfer: a USDC transfer proven by its sender" }),
      endpoint: z.string(),
    }),
  })
  .meta({ id: "X402Discovery" });
