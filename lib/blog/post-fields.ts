import { formatUsdc } from "@/lib/money";
import { postPath } from "./post-urls";

/** The fields every public view of a post starts with (grant resource, teaser). */
export function postFields(post: { id: string; slug: string; type: string; title: string; summary: string; priceAtomic: bigint; currency: string; tier: string }) {
  return {
    id: post.id,
    slug: post.slug,
    type: post.type,
    path: postPath(post),
    title: post.title,
    summary: post.summary,
    price: formatUsdc(post.priceAtomic),
    currency: post.currency,
    tier: post.tier,
  };
}
