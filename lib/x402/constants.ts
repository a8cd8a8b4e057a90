/** The x402 protocol version of our challenges and payloads. */
export const X402_VERSION = 2 as const;

/** Plain EIP-3009 option: stock clients sign validBefore = now + maxTimeoutSeconds; the relayer settles at once. */
export const PLAIN_MAX_TIMEOUT_SECONDS = 300;
/** Transfer rail: a USDC transfer mined longer ago than the challenge's window (its maxTimeoutSeconds) is refused (transfer_too_old). */
export const TRANSFER_MAX_AGE_SECONDS = PLAIN_MAX_TIMEOUT_SECONDS;

/** Gateway option: what Circle's Gateway advertises (7 days + 100 s); BatchEvmScheme signs at least this long. */
export const GATEWAY_MAX_TIMEOUT_SECONDS = 7 * 24 * 3600 + 100;

/** Longest gateway validity we accept (Circle's window plus a day of slack); farther is refused. */
export const GATEWAY_MAX_VALIDITY_SECONDS = 8 * 24 * 3600;

/** A gateway authorization must stay valid at least this long, so the batch settler has time to settle it. */
export const GATEWAY_MIN_REMAINING_SECONDS = 600;

/** A plain authorization must stay valid at least this long (the relayer submits it at once). */
export const PLAIN_MIN_REMAINING_SECONDS = 10;

/** Clock skew tolerated between payer and hub. */
export const CLOCK_SKEW_SECONDS = 60;

/** Protocol fee on payments to a hosted site's fee wallet (the fee wallet splits 99/1 on chain). */
export const HOSTED_FEE_BPS = 100;

export const PAYMENT_PROVIDER = { gateway: "x402-gateway", eip3009: "x402-eip3009", transfer: "transfer" } as const;

export const HEADERS = {
  required: "PAYMENT-REQUIRED",
  response: "PAYMENT-RESPONSE",
  /** x402 v2; `Payment` (the interface's declared scheme) and v1's X-PAYMENT are read as aliases. */
  signature: ["payment-signature", "payment", "x-payment"],
  transferTx: "x-svc-transfer-tx",
  txOwner: "x-svc-tx-owner",
  /** x402 v2 sign-in-with-x extension: a wallet re-reads what it already bought (lib/x402/extensions/siwx.ts). */
  siwx: "sign-in-with-x",
} as const;

/** Payment states that mean the money is the creator's (a gateway payment is locked, then settling, then settled). */
export const VERIFIED_PAYMENT_STATES = ["locked", "settling", "settled"];
