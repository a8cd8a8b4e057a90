import { GATEWAY_BATCHED_DOMAIN } from "@/lib/chain/abis";
import { describeZodError } from "@/lib/http/errors";
import { paymentPayloadSchema } from "@/lib/schemas/x402";
import { decodeHeaderJson } from "./header-json";

export type PaymentPayload = ReturnType<typeof paymentPayloadSchema.parse>;

/**
 * The x402 credentials of one request, decoded once at the edge: none; a Payment-Signature payload
 * (x402 v2 `exact`, decoded and schema-checked); a USDC transfer with its owner signature; or
 * credentials that cannot be used (`rail` names what was sent, `details` why), which lib/x402
 * answers with a 402 `malformed_payment`.
 */
export type PaymentCredentials =
  | { kind: "none" }
  | { kind: "signature"; payload: PaymentPayload }
  | { kind: "transfer"; txHash: string; owner: string }
  | { kind: "malformed"; rail: "signature" | "transfer" | "both"; details: string };

/** Raw credential values, from headers or from a body's fields (empty strings count as absent). */
export type RawPaymentCredentials = { signature?: string | null; transferTx?: string | null; txOwner?: string | null };

/** Decodes raw credential values into one typed value (see PaymentCredentials). */
export function paymentCredentials(raw: RawPaymentCredentials): PaymentCredentials {
  const signature = raw.signature?.trim() || null;
  const transferTx = raw.transferTx?.trim() || null;
  const txOwner = raw.txOwner?.trim() || null;
  if (!signature && !transferTx && !txOwner) return { kind: "none" };
  if (signature && (transferTx || txOwner)) return { kind: "malformed", rail: "both", details: "Send either Payment-Signature or the transfer headers, not both" };
  if (!signature) {
    if (!transferTx || !txOwner) return { kind: "malformed", rail: "transfer", details: "The transfer rail needs both x-svc-transfer-tx and x-svc-tx-owner" };
    return { kind: "transfer", txHash: transferTx, owner: txOwner };
  }
  let decoded: unknown;
  try {
    decoded = decodeHeaderJson(signature);
  } catch {
    return { kind: "malformed", rail: "signature", details: "Payment-Signature is not base64 of a JSON x402 payment payload" };
  }
  const parsed = paymentPayloadSchema.safeParse(decoded);
  if (!parsed.success) return { kind: "malformed", rail: "signature", details: `Payment-Signature payload: ${describeZodError(parsed.error)}` };
  return { kind: "signature", payload: parsed.data };
}

/**
 * Whether the credentials are a Payment-Signature payload for the Gateway rail (its `accepted` names the
 * GatewayWalletBatched domain; checkAuthorization decides it against the challenge's own options). Such a
 * payment does nothing on chain before its sale, so it may be priced from a kept row (lib/content/kept-sale-rows.ts).
 */
export function paysOnGateway(payment: PaymentCredentials): boolean {
  return payment.kind === "signature" && isGatewayOption(payment.payload.accepted);
}

/** Whether a payment option (or a payload's `accepted`) is the Gateway rail's: its EIP-712 domain is GatewayWalletBatched. */
export function isGatewayOption(option: { extra?: Record<string, unknown> }): boolean {
  return option.extra?.name === GATEWAY_BATCHED_DOMAIN.name;
}
