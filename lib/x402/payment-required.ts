import "server-only";
import { ApiError } from "@/lib/http/errors";
import { buildChallenge } from "./build-challenge";
import { encodePaymentRequired } from "./encode-payment-required";
import { HEADERS } from "./constants";
import type { PaidResource } from "./types";

/**
 * The 402 for `resource`, ready to throw: PAYMENT-REQUIRED header (base64 challenge) and a JSON body
 * with both the x402 fields (x402Version, resource, accepts) and ours ({ error, details, code, reason }).
 * `code` is payment-required without credentials, payment-invalid when they did not verify.
 */
export async function paymentRequired({
  resource,
  details,
  reason,
  code = reason ? "payment-invalid" : "payment-required",
}: {
  resource: PaidResource;
  details: string;
  reason?: string;
  code?: "payment-required" | "payment-invalid";
}): Promise<ApiError> {
  const challenge = await buildChallenge({ resource, error: reason ?? "payment_required" });
  const headers = { [HEADERS.required]: encodePaymentRequired(challenge), "cache-control": "no-store" };
  return new ApiError(code, details, headers, { ...challenge, ...(reason ? { reason } : {}) });
}
