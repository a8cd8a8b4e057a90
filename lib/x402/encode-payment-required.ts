import type { PaymentRequired } from "@x402/core/types";

/**
 * The PAYMENT-REQUIRED header: base64 of the challenge's UTF-8 JSON, byte for byte what @x402/core's
 * `encodePaymentRequiredHeader` writes (encode-payment-required.test.ts compares them). The package's
 * portable encoder turns every byte into a one-character string and joins them before `btoa`; for a
 * challenge of a few kilobytes (two accepts, signed offers, the bazaar schema) that was about a tenth
 * of a 402's CPU here (bench/README.md). Node's Buffer encodes it natively.
 */
export function encodePaymentRequired(challenge: PaymentRequired): string {
  return encodePaymentRequiredJson(JSON.stringify(challenge));
}

/** The header for a challenge already written as JSON (a 402 spliced from its kept challenge). */
export function encodePaymentRequiredJson(json: string): string {
  return Buffer.from(json, "utf8").toString("base64");
}
