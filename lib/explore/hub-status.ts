import "server-only";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { eventRate } from "@/lib/events/ingest-event";
import { facilitatorUrl } from "@/lib/facilitator/facilitator-url";
import { API_VERSION } from "@/lib/openapi/document";
import { receiptKey } from "@/lib/x402/extensions/offer-receipt";

export const HUB_NAME = "Paid Content Hub";

/** GET /api/svc/status: who this hub is, where its widget and main endpoints are, its event rate. */
export function hubStatus() {
  const origin = env.HUB_ORIGIN;
  const network = NETWORKS[env.NETWORK_MODE];
  const rate = eventRate();
  return {
    site: { name: HUB_NAME, origin },
    hub: {
      name: HUB_NAME,
      origin,
      version: API_VERSION,
      network: env.NETWORK_MODE,
      chainId: network.chainId,
      caip2: network.caip2,
      endpoints: {
        explore: `${origin}/hub/explore/content`,
        events: `${origin}/hub/evt`,
        openapi: `${origin}/api/openapi.json`,
        x402: `${origin}/.well-known/x402`,
      },
      eventRateLimit: { perSite: rate.limit, windowSeconds: rate.windowMs / 1000, shared: !!env.REDIS_URL },
      facilitator: facilitatorUrl(),
      // The key that signs x402 offers and receipts (offer-receipt extension); also at /.well-known/did.json.
      receiptSigner: (({ kid, address, format }) => ({ kid, address, format, did: `${origin}/.well-known/did.json` }))(receiptKey()),
    },
    widgetUrl: `${origin}/hub/widget.js`,
  };
}
