import "server-only";
import { ApiError, RenderedFields } from "@/lib/http/errors";
import { renderChallenge } from "./build-challenge";
import { HEADERS, X402_VERSION } from "./constants";
import type { PaidResource } from "./types";

/**
 * The 402 for `resource`, ready to throw: PAYMENT-REQUIRED header (base64 challenge) and a JSON body
 * with both the x402 fields (x402Version, resource, accepts) and ours ({ error, details, code, reason }).
 * `code` is payment-required without credentials, payment-invalid when they did not verify. The
 * challenge is kept per resource, terms and window (renderChallenge): header and body are written
 * around its kept JSON, not serialised again for each 402.
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
  const rendered = await renderChallenge(resource);
  const error = reason ?? "payment_required";
  const headers = { [HEADERS.required]: rendered.header(error), "cache-control": "no-store" };
  // The body's `error` is the error map's title, so the challenge's own `error` is not among its fields.
  const extra = new RenderedFields(
    () => ({ x402Version: X402_VERSION, error, ...rendered.challenge, ...(reason ? { reason } : {}) }),
    `"x402Version":${X402_VERSION},${rendered.members}${reason ? `,"reason":${JSON.stringify(reason)}` : ""}`,
  );
  return new ApiError(code, details, headers, extra);
}
