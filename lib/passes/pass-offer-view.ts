import type { z } from "zod";
import { formatUsdc } from "@/lib/money";
import type { passOffer } from "@/lib/schemas/passes";
import type { PassOfferRow } from "./find-pass-offer";
import { passUrl } from "./pass-resource";

/** A pass offer as the API and the pages show it, field by field. */
export function passOfferView(offer: PassOfferRow, origin: string): z.input<typeof passOffer> {
  return {
    scope: offer.scope,
    price: formatUsdc(offer.priceAtomic),
    priceAtomic: offer.priceAtomic.toString(),
    currency: "USDC",
    durationDays: offer.durationDays,
    active: offer.active,
    url: passUrl(origin),
  };
}
