import "server-only";
import type { Audience } from "@/lib/access/audience-policy";
import { loadAccess } from "@/lib/access/load-access";
import { formatUsdc } from "@/lib/money";
import type { BlogContext } from "./blog-context";
import { findPostByKey, publishedPost } from "./find-post";
import { postAccess } from "./post-access";
import { postPath } from "./post-urls";

/** GET /api/svc/posts/<key>/quote: the price and what the shared access decision says for this viewer, without charging. */
export async function quotePost({ blog, key, claim, proof, now, audience }: { blog: BlogContext; key: string; claim: string | null; proof: string | null; now?: Date; audience?: Audience }) {
  const post = await publishedPost(await findPostByKey({ siteId: blog.site.id, key }), key);
  const { decision, viewer } = await loadAccess(postAccess(blog), { key, resource: post, claim, proof, sessionWallet: blog.session?.wallet ?? null, purpose: "quote", now, audience });
  const base = { success: true as const, id: post.id, path: postPath(post), title: post.title, price: formatUsdc(post.priceAtomic), currency: post.currency, tier: post.tier, publicAccess: post.publicAccess, wallet: viewer.wallet };
  switch (decision.outcome) {
    case "grant":
      return { ...base, decision: decision.via === "entitlement" ? ("entitled" as const) : ("free" as const), amount: null, reason: null };
    case "charge":
      return { ...base, decision: "payment-required" as const, amount: formatUsdc(decision.amountAtomic), reason: null };
    case "deny":
      return { ...base, decision: "denied" as const, amount: null, reason: decision.code };
    default:
      return { ...base, decision: "denied" as const, amount: null, reason: decision.outcome };
  }
}
