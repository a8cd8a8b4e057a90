import "server-only";
import { hostedPayee } from "@/lib/access/hosted-payee";
import { postListingId } from "@/lib/explore/post-listing-id";
import type { PaidResource } from "@/lib/x402/types";
import type { BlogSite } from "./blog-context";
import type { PostRow } from "./find-post";
import { postUrls } from "./post-urls";

/**
 * A post as lib/x402 sells it. Hosted blogs are hosted by this service: the payment goes to the
 * owner's fee wallet (the blog's stored one, else the factory's), by the engine's one rule
 * (lib/access/hosted-payee.ts). The resource URL is the post's access route on the blog's
 * origin, for the challenge and the paid retry alike.
 */
export function postResource({ site, origin, post, priceAtomic }: { site: BlogSite; origin: string; post: PostRow; priceAtomic: bigint }): PaidResource {
  const { payTo, recipient: owner, feeBps } = hostedPayee({ owner: site.ownerWallet, feeWallet: site.feeWallet });
  const url = postUrls(origin, post).access;
  return {
    kind: "blogpost",
    id: post.id,
    url,
    description: post.title,
    mimeType: "application/json",
    price: priceAtomic,
    payTo,
    recipient: owner,
    feeBps,
    siteId: site.id,
    contentId: null,
    // The post's explore listing (when it has one) counts the sale: explore, leaderboards and stats see it.
    listing: { siteId: site.id, externalId: postListingId(post.id) },
    ledger: { websiteId: site.id, contentTitle: post.title, contentUrl: postUrls(origin, post).page, domain: site.domain, recipientWallet: owner },
  };
}
