import { parseStoredPolicy, resolveAudiencePrice } from "@/lib/access/audience-policy";
import { audienceOf } from "@/lib/access/audience-of";
import { formatUsdc } from "@/lib/money";
import { PaymentRejected } from "@/lib/x402/payment-rejected";

/**
 * Prices per audience on the facilitator (docs/audience-prices.md): a creator's resource server
 * serves agents, so a payment it sends is an agent's. When the paid page is tracked with a policy
 * for agents, a blocked audience is refused, a free one needs no payment, and an agent price of its
 * own must be the amount — before anything is recorded or settled. Without such a rule the creator's
 * server prices the page, as before.
 */
export function checkFacilitatedAudience({ known, amount }: { known: { accessPolicy: string; priceAtomic: bigint } | null; amount: bigint }): void {
  if (!known) return;
  const audience = audienceOf({ via: "facilitator" });
  const rule = parseStoredPolicy(known.accessPolicy)[audience];
  if (rule.mode === "paid" && rule.price === null) return;
  const terms = resolveAudiencePrice({ policy: known.accessPolicy, listPriceAtomic: known.priceAtomic, audience });
  if (terms.decision === "blocked") throw new PaymentRejected("audience_blocked", "The creator does not offer this content to agents: a payment through the facilitator is an agent's");
  if (terms.decision === "free") throw new PaymentRejected("audience_free", "This content is free for agents: it needs no payment");
  if (terms.priceAtomic !== amount) {
    throw new PaymentRejected("amount_mismatch", `The agent price of this content is ${formatUsdc(terms.priceAtomic)} USDC, not ${formatUsdc(amount)}`);
  }
}

/** Whether the stored policy gives agents a price of their own (then a facilitated amount is not the list price). */
export function agentsPricedApart(policy: string | null | undefined): boolean {
  return parseStoredPolicy(policy).agents.price !== null;
}
