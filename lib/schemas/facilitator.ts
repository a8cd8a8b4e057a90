import { z } from "zod";
import { paymentPayloadSchema, paymentRequirementsSchema } from "./x402";

// ───────────── the x402 facilitator interface (x402 v2 §7) ─────────────

/** POST /facilitator/verify and /facilitator/settle: what @x402/core's HTTPFacilitatorClient sends. */
export const facilitatorRequestSchema = z
  .object({
    x402Version: z.literal(2, "only x402Version 2 is supported"),
    paymentPayload: paymentPayloadSchema,
    paymentRequirements: paymentRequirementsSchema,
  })
  .meta({ id: "FacilitatorRequest" });

export const verifyResponseSchema = z
  .object({
    isValid: z.boolean(),
    invalidReason: z.string().optional().meta({ description: "Machine-readable, e.g. invalid_signature, insufficient_funds, payto_not_site_wallet, amount_above_ceiling" }),
    invalidMessage: z.string().optional(),
    payer: z.string().optional(),
  })
  .meta({ id: "FacilitatorVerifyResponse", example: { isValid: true, payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" } });

export const settleResponseSchema = z
  .object({
    success: z.boolean(),
    errorReason: z.string().optional(),
    errorMessage: z.string().optional(),
    payer: z.string().optional(),
    transaction: z.string().meta({
      description:
        "Plain EIP-3009: the relayer's settlement transaction hash. Gateway: the hub payment id while the authorization is locked against the payer's deposit (extra.status locked); the batch's transaction hash once it settled (settle the same payload again to read it).",
    }),
    network: z.string().meta({ example: "eip155:5042002" }),
    amount: z.string().optional(),
    extra: z
      .object({ paymentId: z.string(), status: z.enum(["locked", "settling", "settled"]), rail: z.enum(["gateway", "eip3009"]), receiptUrl: z.string(), contentId: z.string() })
      .optional(),
  })
  .meta({ id: "FacilitatorSettleResponse" });

export const supportedResponseSchema = z
  .object({
    kinds: z.array(z.object({ x402Version: z.literal(2), scheme: z.literal("exact"), network: z.string(), extra: z.record(z.string(), z.unknown()).optional() })),
    extensions: z.array(z.string()),
    signers: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: "FacilitatorSupportedResponse" });

// ───────────── per-site facilitator keys ─────────────

export const facilitatorKeyIdParams = z.object({
  websiteId: z.string().min(1).max(100).meta({ description: "The site UUID" }),
  keyId: z.string().min(1).max(100),
});

export const issueFacilitatorKeyBody = z
  .object({
    label: z.string().trim().max(80).optional().meta({ description: "A name to tell keys apart (e.g. the server that uses it)" }),
    replaces: z.string().min(1).max(100).optional().meta({ description: "Rotation: this key id is revoked in the same step the new key is issued" }),
  })
  .meta({ id: "IssueFacilitatorKeyRequest", example: { label: "production server" } });

export const facilitatorKeyView = z
  .object({
    id: z.string(),
    prefix: z.string().meta({ description: "The key's first characters" }),
    label: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "FacilitatorKey" });

export const facilitatorKeyListResponse = z
  .object({ success: z.literal(true), facilitatorUrl: z.string(), keys: z.array(facilitatorKeyView) })
  .meta({ id: "FacilitatorKeyList" });

export const issuedFacilitatorKeyResponse = z
  .object({
    success: z.literal(true),
    key: z.string().meta({ description: "The secret, shown this once: send it as Authorization: Bearer <key>" }),
    facilitatorUrl: z.string().meta({ description: "The base URL to give the x402 middleware", example: "http://localhost:3000/facilitator" }),
    facilitatorKey: facilitatorKeyView,
    revoked: z.string().nullable().meta({ description: "The key id revoked by this rotation" }),
  })
  .meta({ id: "IssuedFacilitatorKey" });

export const revokedFacilitatorKeyResponse = z.object({ success: z.literal(true), facilitatorKey: facilitatorKeyView }).meta({ id: "RevokedFacilitatorKey" });
