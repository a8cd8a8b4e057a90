import { BodyAnswer } from "@/lib/http/plain-answer";
import { route } from "@/lib/http/route";
import { discoveryOp } from "@/lib/openapi/paths-x402";
import { keptDiscoveryDocument } from "@/lib/x402/kept-discovery-document";

// GET /.well-known/x402 — live paid resource URLs and how to pay for them
export const GET = route({ ...discoveryOp, cache: true }, async () => {
  return new BodyAnswer(await keptDiscoveryDocument(), { "content-type": "application/json", "cache-control": "public, max-age=60" });
});
