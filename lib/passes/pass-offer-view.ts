import { formatUsdc } from "@/lib/money";
import type { PassOfferRow } from "./find-pass-offer";
import { passUrl } from "./pass-resource";

/** A pass offer as the API and the pages show it. */
export function passOfferView(offer: PassOfferRow, origin: string) {
  return {
    scope: offer.scope,
    price: formatUsdc(offer.priceAtomic),
    priceAtomic: offer.priceAtomic.toString(),
    currency: "USDC" as const,
    durationDays: offer.durationDays,
    active: offer.active,
    url: passUrl(origin),
  };
}
