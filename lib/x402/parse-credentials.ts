import { env } from "@/lib/env";
import { requestNow } from "@/lib/http/request-clock";
import { HEADERS } from "./constants";
import { paymentCredentials, type PaymentCredentials, type RawPaymentCredentials } from "./payment-credentials";

/** Who the request says it is (header x-svc-actor, trimmed, any case); any other value is no declaration. */
export type DeclaredActor = "agent" | "human" | null;

/** Everything a paid or gated route needs from a request's credential headers, read once at the edge. */
export type Credentials = {
  payment: PaymentCredentials;
  /** x-svc-payment-proof (media routes fall back to their `proof` query) */
  proof: string | null;
  /** SIGN-IN-WITH-X (x402 v2 extension): a signed sign-in that re-reads what the wallet already bought. */
  siwx: string | null;
  actor: DeclaredActor;
  /** The request's clock (x-hub-test-now under HUB_TEST_CLOCK, else now). */
  now: Date;
  /** HUB_TEST_FAULTS only: the fault the request asks to be injected (x-hub-test-fault). */
  fault?: string;
};

/** Header names this parser reads besides the x402 ones. */
export const PROOF_HEADER = "x-svc-payment-proof";
export const ACTOR_HEADER = "x-svc-actor";

/**
 * Reads the x402 credentials (Payment-Signature, or its aliases Payment and X-PAYMENT; or
 * x-svc-transfer-tx with x-svc-tx-owner), the unlock proof, a SIGN-IN-WITH-X proof and the declared actor from a request's
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
    siwx: headers.get(HEADERS.siwx)?.trim() || null,
    actor: declared === "agent" || declared === "human" ? declared : null,
    now: requestNow({ headers }),
    fault: env.HUB_TEST_FAULTS ? (headers.get("x-hub-test-fault") ?? undefined) : undefined,
  };
}
