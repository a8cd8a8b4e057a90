import "server-only";
import { encodeHeaderJson } from "@/lib/x402/header-json";
import { usdcNumber } from "@/lib/money";
import { buildChallenge } from "@/lib/x402/build-challenge";
import { HEADERS } from "@/lib/x402/constants";
import { tipResource, type TipInput } from "./tip-resource";
import { JsonAnswer } from "@/lib/http/plain-answer";

/**
 * POST /hub/tips/challenge — the x402 challenge of a tip to a resolved creator (200, not 402: asking
 * for it is the point). The same challenge rides in PAYMENT-REQUIRED for x402 clients.
 */
export async function tipChallenge(input: TipInput & { paymentRail?: "transfer" | "gateway" }) {
  const terms = await tipResource(input);
  const challenge = await buildChallenge({ resource: terms.resource });
  const body = {
    success: true as const,
    ...challenge,
    payee: terms.payee,
    payTo: terms.payTo,
    feeBps: terms.feeBps,
    protocolFee: usdcNumber(terms.protocolFeeAtomic),
    feeSettlement: terms.feeSettlement,
    source: terms.source,
    domain: terms.domain,
    amount: usdcNumber(terms.resource.price),
  };
  return new JsonAnswer(body, { [HEADERS.required]: encodeHeaderJson(challenge), "cache-control": "no-store" });
}
