import "server-only";
import { formatUsdc } from "@/lib/money";
import type { AccessContext } from "./load-access";
import { shareUrls } from "./share-urls";

/**
 * A charge decision: answers 402 with the x402 challenge, or — with payment credentials — verifies
 * the payment, decides again for the payer and settles only if the payer is still to be charged.
 */
export async function payForShare({ ctx }: { ctx: AccessContext; req: Request }): Promise<Response> {
  const { share, decision } = ctx;
  if (!share || decision.outcome !== "charge") throw new Error("payForShare without a charge decision");
  // Until lib/x402 lands: the challenge without its PAYMENT-REQUIRED header.
  return Response.json(
    {
      error: "Payment required",
      details: `This share costs ${formatUsdc(decision.amountAtomic)} ${share.currency}`,
      code: "payment-required",
      price: formatUsdc(decision.amountAtomic),
      currency: share.currency,
      tier: decision.tier,
      resource: shareUrls(share.slug).access,
    },
    { status: 402, headers: { "cache-control": "no-store" } },
  );
}
