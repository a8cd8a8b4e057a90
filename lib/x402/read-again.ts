/**
 * A payment priced from a kept row (lib/content/kept-sale-rows.ts) that the kept row cannot decide: the
 * sale's check found the row changed, the rail acts on chain before its sale (only the Gateway rail may
 * be priced from a kept row), or the kept row refused it. Nothing was written; the caller prices the
 * request again from a fresh read and decides it from that (lib/x402/pay-for-content.ts).
 */
export class ReadAgain extends Error {
  constructor(why: string) {
    super(`priced from a kept row: ${why}; read it again`);
  }
}
