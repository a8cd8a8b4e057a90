import "server-only";
import { passProofId } from "@/lib/access/active-pass";
import type { BlogContext } from "@/lib/blog/blog-context";
import { findPassOffer } from "./find-pass-offer";

/**
 * The blog's pass as a post's paywall offers it ("or get a 30-day pass for 2 USDC"), or null when the
 * blog sells none or the pass would not cover this post (free or invite-only posts).
 */
export async function paywallPass(blog: BlogContext, post: { priceAtomic: bigint; publicAccess: boolean }) {
  if (post.priceAtomic <= 0n || !post.publicAccess) return null;
  const offer = await findPassOffer(blog.site.id);
  if (!offer?.active) return null;
  return { accessPath: "/api/svc/pass", proofId: passProofId(offer.scope), priceAtomic: offer.priceAtomic.toString(), durationDays: offer.durationDays };
}
