import "server-only";
import type { Audience } from "@/lib/access/audience-policy";
import { quoteResource } from "@/lib/access/quote-resource";
import type { ResourceQuote } from "@/lib/schemas/quote";
import { shareAccess } from "./share-access";

/**
 * GET /quickshare/<slug>/quote: what this request would get from the access route — grant,
 * payment (with the price for the wallet's tier) or denial — without reading or charging anything.
 * Unknown and draft shares answer 404, revoked 410.
 */
export function quoteShare({ slug, claim, proof, sessionWallet, now, audience }: { slug: string; claim: string | null; proof: string | null; sessionWallet: string | null; now?: Date; audience?: Audience }): Promise<ResourceQuote> {
  return quoteResource(shareAccess, { key: slug, claim, proof, sessionWallet, now, audience }, (share) => ({
    kind: "share",
    slug: share.slug,
    path: `/qs/${share.slug}`,
    title: share.title,
    label: null,
    expires: true,
  }));
}
