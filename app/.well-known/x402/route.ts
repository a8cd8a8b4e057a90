import { route } from "@/lib/http/route";
import { discoveryOp } from "@/lib/openapi/paths-x402";
import { discoveryDocument } from "@/lib/x402/discovery-document";

// GET /.well-known/x402 — live paid resource URLs and how to pay for them
export const GET = route({ ...discoveryOp, cache: true }, async () => {
  return Response.json(await discoveryDocument(), { headers: { "cache-control": "public, max-age=60" } });
});
