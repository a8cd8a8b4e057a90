import { describe, expect, it } from "vitest";
import { facilitatorErrorBody } from "./facilitator-error-body";

describe("facilitator error bodies", () => {
  it("give HTTPFacilitatorClient an x402 reason for every hub error code", () => {
    const verify = facilitatorErrorBody("verify");
    expect(verify({ error: "Invalid request", details: "paymentPayload.payload.signature: must be 0x-prefixed hex", code: "invalid-request" })).toEqual({
      isValid: false,
      invalidReason: "invalid_payload",
      invalidMessage: "paymentPayload.payload.signature: must be 0x-prefixed hex",
    });
    expect(verify({ error: "Site not verified", details: "x is pending", code: "site-not-verified" })).toMatchObject({ invalidReason: "site_not_verified" });
    const settle = facilitatorErrorBody("settle");
    expect(settle({ error: "Paid, but not recorded yet", details: "retry", code: "payment-not-recorded" })).toMatchObject({
      success: false,
      errorReason: "settlement_pending",
      transaction: "",
      network: expect.stringMatching(/^eip155:\d+$/),
    });
    expect(settle({ error: "Chain unavailable", details: "down", code: "chain-unavailable" })).toMatchObject({ errorReason: "chain_unavailable" });
    expect(settle({ error: "Internal server error", details: "An unexpected error occurred" })).toMatchObject({ errorReason: "unexpected_error" });
  });
});
