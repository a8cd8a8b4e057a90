import { describeZodError } from "@/lib/http/errors";
import { paymentPayloadSchema } from "@/lib/schemas/x402";
import type { Credentials } from "@/lib/x402/parse-credentials";

/** The x402 MCP transport's key for a payment payload in a tools/call request's `params._meta`. */
export const MCP_PAYMENT_META = "x402/payment";
/** Its key for the settlement response in the tool result's `_meta`. */
export const MCP_PAYMENT_RESPONSE_META = "x402/payment-response";

/**
 * A tools/call request's credentials, read once as the HTTP edge reads headers: the payment payload
 * the x402 MCP transport puts in `params._meta["x402/payment"]` (a PaymentPayload object, checked
 * by the same schema as a Payment-Signature header's), declared as an agent's.
 */
export function mcpCredentials(meta: Record<string, unknown> | undefined, now = new Date()): Credentials {
  const raw = meta?.[MCP_PAYMENT_META];
  const base = { proof: null, siwx: null, actor: "agent" as const, now };
  if (raw === undefined || raw === null) return { ...base, payment: { kind: "none" } };
  const parsed = paymentPayloadSchema.safeParse(raw);
  if (!parsed.success) return { ...base, payment: { kind: "malformed", rail: "signature", details: `_meta["${MCP_PAYMENT_META}"]: ${describeZodError(parsed.error)}` } };
  return { ...base, payment: { kind: "signature", payload: parsed.data } };
}
