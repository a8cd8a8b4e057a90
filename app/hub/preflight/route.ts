import { audienceOf } from "@/lib/access/audience-of";
import { route } from "@/lib/http/route";
import { preflightOp } from "@/lib/openapi/paths-x402";
import { parseCredentials } from "@/lib/x402/parse-credentials";
import { preflightPayment } from "@/lib/x402/preflight-payment";
import { JsonAnswer } from "@/lib/http/plain-answer";

// POST /hub/preflight — free, read-only check that a payment would go through (price, recipient, funds)
export const POST = route(preflightOp, async ({ body, req }) => {
  const audience = audienceOf({ actor: parseCredentials(req.headers).actor });
  return new JsonAnswer(await preflightPayment(body, { audience }), { "cache-control": "no-store" });
});
