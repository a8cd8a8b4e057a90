/**
 * x402's headers (PAYMENT-REQUIRED, PAYMENT-SIGNATURE, PAYMENT-RESPONSE) carry base64 of UTF-8 JSON.
 * @x402/core's portable codec turns every byte into a one-character string: its encoder joins them
 * before `btoa`, its decoder copies `atob`'s string into bytes one at a time before a TextDecoder. For
 * a challenge of a few kilobytes that was about a tenth of a 402's CPU; for the paid unlock's two (the
 * payment read, the receipt written) 4 % of its profile, 19 µs a unlock in a micro-benchmark, about
 * 1 % of its CPU (bench/README.md, session 55). These write and read exactly
 * what the package does (header-json.test.ts compares them), with Node's Buffer doing the base64.
 */

/** Base64 of the value's UTF-8 JSON: byte for byte the package's `encodePaymentRequiredHeader` and `encodePaymentResponseHeader`. */
export function encodeHeaderJson(value: unknown): string {
  return encodeHeaderJsonText(JSON.stringify(value));
}

/** The header for a value already written as JSON (a 402 spliced from its kept challenge). */
export function encodeHeaderJsonText(json: string): string {
  return Buffer.from(json, "utf8").toString("base64");
}

// The package's check before it decodes (its `Base64EncodedRegex`).
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The JSON a header holds, read as the package's `decodePaymentSignatureHeader` reads it; throws where
 * it throws. Its `atob` follows the forgiving-base64 rules, which Buffer does not check: a length of
 * 4n may end in one or two `=`, none is allowed elsewhere, and a length of 4n + 1 is refused (Buffer
 * would drop the stray character). Its TextDecoder drops a leading byte-order mark.
 */
export function decodeHeaderJson(value: string): unknown {
  if (!BASE64.test(value)) throw new Error("The header is not base64");
  const data = value.length % 4 === 0 ? value.replace(/={1,2}$/, "") : value;
  if (data.length % 4 === 1 || data.includes("=")) throw new Error("The header is not base64");
  const text = Buffer.from(data, "base64").toString("utf8");
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}
