import type { SettleResponse } from "@x402/core/types";

/**
 * A paid tool's answer: the tool's result and, when this call settled (or replayed) a payment, the
 * x402 settlement response the MCP transport returns in `result._meta["x402/payment-response"]`.
 */
export class PaidAnswer {
  constructor(
    readonly body: Record<string, unknown>,
    readonly settlement: SettleResponse | null,
  ) {}
}
