import "server-only";
import type { PaymentRequired } from "@x402/core/types";
import { ApiError, RenderedFields } from "@/lib/http/errors";
import { renderChallenge } from "./build-challenge";
import { encodeHeaderJsonText } from "./header-json";
import { HEADERS, X402_VERSION } from "./constants";
import type { PaidResource } from "./types";

/**
 * A 402 with its x402 challenge: the whole challenge (`challenge`, as the PAYMENT-REQUIRED header
 * carries it) for a transport without that header (the MCP server's tool error).
 */
export class PaymentRequiredError extends ApiError {
  constructor(
    code: "payment-required" | "payment-invalid",
    details: string,
    headers: Record<string, string>,
    fields: RenderedFields,
    readonly challenge: PaymentRequired,
  ) {
    super(code, details, headers, fields);
  }
}

/**
 * The 402 for `resource`, ready to throw: the PAYMENT-REQUIRED header (base64 of the whole challenge:
 * x402Version, error, resource, accepts and the extensions' declarations) and a JSON body with what
 * paying needs (x402Version, resource, accepts) and ours ({ error, details, code, reason }).
 * `code` is payment-required without credentials, payment-invalid when they did not verify.
 *
 * The extensions (signed offers, bazaar's schemas, sign-in-with-x, payment-identifier) are in the
 * header only, where every x402 v2 client reads them: they are three quarters of a challenge, and
 * sending them twice made a 402 cost a fifth more than the hub's cheapest answer (bench/README.md,
 * session 58). The challenge is kept per resource, terms and window (renderChallenge): header and
 * body are written around its kept JSON, not serialised again for each 402.
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
}): Promise<PaymentRequiredError> {
  const { challenge, members, payMembers } = await renderChallenge(resource);
  const error = reason ?? "payment_required";
  const header = encodeHeaderJsonText(`{"x402Version":${X402_VERSION},"error":${JSON.stringify(error)},${members}}`);
  const headers = { [HEADERS.required]: header, "cache-control": "no-store" };
  // The body's `error` is the error map's title, so the challenge's own `error` is not among its fields.
  const fields = new RenderedFields(
    { x402Version: X402_VERSION, resource: challenge.resource, accepts: challenge.accepts, ...(reason ? { reason } : {}) },
    `"x402Version":${X402_VERSION},${payMembers}${reason ? `,"reason":${JSON.stringify(reason)}` : ""}`,
  );
  return new PaymentRequiredError(code, details, headers, fields, { x402Version: X402_VERSION, error, ...challenge });
}
