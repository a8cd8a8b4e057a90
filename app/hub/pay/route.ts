import { findSoldPost } from "@/lib/blog/find-sold-post";
import { payForPost } from "@/lib/blog/pay-for-post";
import { JsonAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { payOp } from "@/lib/openapi/paths-x402";
import { findSoldPass } from "@/lib/passes/find-sold-pass";
import { payForPass } from "@/lib/passes/pay-for-pass";
import { parseCredentials } from "@/lib/x402/parse-credentials";
import { paysOnGateway } from "@/lib/x402/payment-credentials";
import { payForContent } from "@/lib/x402/pay-for-content";

// POST /hub/pay — 402 x402 challenge for content, a hosted post or a blog's pass, or its receipt once paid (gateway or transfer rail)
export const POST = route({ ...payOp, writes: "counts" }, async ({ body, req }) => {
  const credentials = parseCredentials(req.headers);
  // One object per request: the lookups below share its content row (lib/content/content-by-id.ts); a quote
  // may read it from the cache, and a Gateway payment's sale may check a kept copy in its own block.
  const lookup = { ...body, fromCache: credentials.payment.kind === "none" && !credentials.siwx, kept: paysOnGateway(credentials.payment) ? ("use" as const) : undefined };
  const sold = await findSoldPost(lookup);
  if (sold) {
    const { body: paid, headers } = await payForPost({ sold, credentials, wallet: body.wallet });
    return new JsonAnswer(paid, headers);
  }
  const passOf = await findSoldPass(lookup);
  if (passOf) {
    const { body: paid, headers } = await payForPass({ blog: passOf, credentials, wallet: body.wallet });
    return new JsonAnswer(paid, headers);
  }
  const { receipt, headers } = await payForContent({ body: lookup, credentials });
  return new JsonAnswer({ success: true, payment: receipt }, { ...headers, "cache-control": "no-store" });
});
