import { paywallScript } from "@/lib/checkout/paywall-script";
import { route } from "@/lib/http/route";

// GET /hub/paywall.js — the browser paywall a creator's own site serves in its x402 middleware's 402 page
export const GET = route({}, () =>
  new Response(paywallScript(), {
    headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
  }),
);
