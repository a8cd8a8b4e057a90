import "server-only";
import { passProofId } from "@/lib/access/active-pass";
import type { AccessGate } from "@/lib/access/decide-access";
import type { AccessAdapter } from "@/lib/access/types";
import type { BlogContext } from "@/lib/blog/blog-context";
import { buildPassGrant, type PassGrantBody } from "./build-pass-grant";
import { extendPass } from "./extend-pass";
import { findPassOffer, type PassOfferRow } from "./find-pass-offer";
import { passResource } from "./pass-resource";

// A pass offer never expires; switching it off takes it off sale (404), passes already sold run on.
const NEVER = new Date(8.64e15);

/**
 * A hosted blog's pass on the access engine (lib/access), as one more adapter: the same decision,
 * the same x402 challenge on both rails, the same payment recording; what differs is that it is
 * `repeatable` (every payment extends the buyer's pass by the offer's duration, from its end, in the
 * payment's transaction) and that it grants the blog's posts through their adapter's passScopes.
 * `now` is the request's clock (tests: x-hub-test-now), from which a purchase's period starts.
 */
export function passAccess(blog: BlogContext, now: Date): AccessAdapter<PassOfferRow, PassGrantBody> {
  return {
    noun: "pass",
    repeatable: true,
    find: () => findPassOffer(blog.site.id),
    notFound: () => `${blog.site.domain} offers no pass`,
    gate: (offer): AccessGate => ({
      status: offer.active ? "active" : "draft",
      expiresAt: NEVER,
      priceAtomic: offer.priceAtomic,
      whitelistPriceAtomic: null,
      publicAccess: true,
      legacyUrl: null,
      hasBody: true,
    }),
    proofId: (offer) => passProofId(offer.scope),
    entitlementKey: (offer) => passProofId(offer.scope),
    currency: () => "USDC",
    paidResource: (offer, priceAtomic) => passResource({ site: blog.site, origin: blog.origin, offer, priceAtomic }),
    onGranted: async (tx, offer, grant) => {
      if (!grant.payment) return;
      await extendPass(tx, { scope: offer.scope, siteId: blog.site.id, wallet: grant.wallet, paymentId: grant.payment.paymentId, amountAtomic: grant.payment.amountAtomic, durationDays: offer.durationDays, now });
    },
    grantBody: (offer, terms) => buildPassGrant(blog, offer, terms),
    media: async () => [],
  };
}
