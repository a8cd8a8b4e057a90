import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import type { ErrorBody } from "@/lib/http/errors";

/** The x402 reason of a refused facilitator call, from the hub's error code. */
function reasonOf(code: string | undefined): string {
  switch (code) {
    case "invalid-request":
    case "invalid-json":
    case "invalid-text":
    case "unsupported-media-type":
    case "payload-too-large":
      return "invalid_payload";
    case "payment-not-recorded":
      return "settlement_pending";
    default:
      return (code ?? "unexpected_error").replace(/-/g, "_");
  }
}

/**
 * The x402 fields of a facilitator error answer (401 no or wrong key, 403 site not verified, 400
 * malformed request, 429, 503 chain down), so HTTPFacilitatorClient reads a VerifyError/SettleError
 * with a reason instead of an unknown failure. Used as the route wrapper's `errorBody`.
 */
export function facilitatorErrorBody(kind: "verify" | "settle") {
  return (body: ErrorBody): Record<string, unknown> =>
    kind === "verify"
      ? { isValid: false, invalidReason: reasonOf(body.code), invalidMessage: body.details }
      : { success: false, errorReason: reasonOf(body.code), errorMessage: body.details, transaction: "", network: NETWORKS[env.NETWORK_MODE].caip2 };
}
