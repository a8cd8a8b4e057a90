import { HEADERS } from "./constants";
import { paymentCredentials, type PaymentCredentials, type RawPaymentCredentials } from "./payment-credentials";

/** Who the request says it is (header x-svc-actor, trimmed, any case); any other value is no declaration. */
export type DeclaredActor = "agent" | "human" | null;

/** Everything a paid or gated route needs from a request's credential headers, read once at the edge. */
export type Credentials = {
  payment: PaymentCredentials;
  /** x-svc-payment-proof (media routes fall back to their `proof` query) */
  proof: string | null;
  actor: DeclaredActor;
};

/** Header names this parser reads besides the x402 ones. */
export const PROOF_HEADER = "x-svc-payment-proof";
export const ACTOR_HEADER = "x-svc-actor";

/**
 * Reads the x402 credentials (Payment-Signature, or its aliases Payment and X-PAYMENT; or
 * x-svc-transfer-tx with x-svc-tx-owner), the unlock proof and the declared actor from a request's
 * headers, once. `fields` are values a route also accepts in its body (tips); they win over headers.
 */
export function parseCredentials(headers: Headers, fields: RawPaymentCredentials = {}): Credentials {
  const declared = headers.get(ACTOR_HEADER)?.trim().toLowerCase();
  return {
    payment: paymentCredentials({
      signature: fields.signature || HEADERS.signature.map((name) => headers.get(name)).find((v) => v),
      transferTx: fields.transferTx || headers.get(HEADERS.transferTx),
      txOwner: fields.txOwner || headers.get(HEADERS.txOwner),
    }),
    proof: headers.get(PROOF_HEADER)?.trim() || null,
    actor: declared === "agent" || declared === "human" ? declared : null,
  };
}
