import { route } from "@/lib/http/route";
import { payBody } from "@/lib/schemas/x402";
import { parseCredentials } from "@/lib/x402/parse-credentials";
import { payForContent } from "@/lib/x402/pay-for-content";

// POST /hub/pay — 402 x402 challenge for content, or its receipt once paid (gateway or transfer rail)
export const POST = route({ body: payBody }, async ({ body, req }) => {
  const { receipt, headers } = await payForContent({ body, credentials: parseCredentials(req.headers) });
  return Response.json({ success: true, payment: receipt }, { headers: { ...headers, "cache-control": "no-store" } });
});
