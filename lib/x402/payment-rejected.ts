/**
 * A payment that does not verify. verifyAndRecordPayment turns it into a 402 that carries a fresh
 * challenge, `reason` (machine-readable, also the challenge's `error`) and `details` (for people).
 */
export class PaymentRejected extends Error {
  constructor(
    readonly reason: string,
    readonly details: string,
  ) {
    super(`${reason}: ${details}`);
  }
}
