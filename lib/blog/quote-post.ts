import "server-only";
import type { Audience } from "@/lib/access/audience-policy";
import { quoteResource } from "@/lib/access/quote-resource";
import type { ResourceQuote } from "@/lib/schemas/quote";
import type { BlogContext } from "./blog-context";
import { findPostByKey, publishedPost } from "./find-post";
import { postAccess } from "./post-access";
import { postPath } from "./post-urls";

/** GET /api/svc/posts/<key>/quote: what the access route would do for this viewer, without charging (the same quote as a share's). */
export async function quotePost({ blog, key, claim, proof, now, audience }: { blog: BlogContext; key: string; claim: string | null; proof: string | null; now?: Date; audience?: Audience }): Promise<ResourceQuote> {
  const post = await publishedPost(await findPostByKey({ siteId: blog.site.id, key }), key);
  return quoteResource(postAccess(blog), { key, resource: post, claim, proof, sessionWallet: blog.session?.wallet ?? null, now, audience }, (p) => ({
    kind: "post",
    slug: p.slug,
    path: postPath(p),
    title: p.title,
    label: p.tier,
    expires: false,
  }));
}
