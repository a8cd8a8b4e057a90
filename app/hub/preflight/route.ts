import { route } from "@/lib/http/route";
import { preflightBody } from "@/lib/schemas/x402";
import { preflightPayment } from "@/lib/x402/preflight-payment";

// POST /hub/preflight — free, read-only check that a payment would go through (price, recipient, funds)
export const POST = route({ body: preflightBody }, async ({ body }) => {
  return Response.json(await preflightPayment(body), { headers: { "cache-control": "no-store" } });
});
