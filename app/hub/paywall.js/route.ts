import { paywallScript } from "@/lib/checkout/paywall-script";
import { route } from "@/lib/http/route";
import { paywallOp } from "@/lib/openapi/paths-checkout";

// GET /hub/paywall.js — the browser paywall a creator's own site serves in its x402 middleware's 402 page
export const GET = route(paywallOp, () =>
  new Response(paywallScript(), {
    headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
  }),
);
