import "server-only";
import { hostedPayee } from "@/lib/access/hosted-payee";
import type { BlogSite } from "@/lib/blog/blog-context";
import type { PaidResource } from "@/lib/x402/types";
import type { PassOfferRow } from "./find-pass-offer";
import { passTitle } from "./pass-title";

/** Where a blog's pass is sold (GET, x402), on the blog's own origin. */
export function passUrl(origin: string): string {
  return `${origin}/api/svc/pass`;
}

/**
 * A blog's pass as lib/x402 sells it: paid to the same wallet as the blog's posts (the owner's fee
 * wallet when hosted, 99/1 on chain), attributed to the blog's site, with a ledger row of kind
 * payment, subkind pass, that names the blog, so stats, ledger and dashboards count it like a post sale.
 */
export function passResource({ site, origin, offer, priceAtomic }: { site: BlogSite; origin: string; offer: PassOfferRow; priceAtomic: bigint }): PaidResource {
  // Payee, fee and recipient are the blog's, exactly as for its posts.
  const { payTo, recipient, feeBps } = hostedPayee({ owner: site.ownerWallet, feeWallet: site.feeWallet });
  const title = passTitle(site.name || site.domain, offer.durationDays);
  return {
    kind: "pass",
    id: offer.id,
    url: passUrl(origin),
    description: title,
    mimeType: "application/json",
    price: priceAtomic,
    payTo,
    recipient,
    feeBps,
    siteId: site.id,
    contentId: null,
    listing: null,
    ledger: { subkind: "pass", websiteId: site.id, contentTitle: title, contentUrl: `${origin}/`, domain: site.domain, recipientWallet: recipient },
  };
}
