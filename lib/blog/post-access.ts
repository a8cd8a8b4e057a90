import "server-only";
import { resourceKey } from "@/lib/access/resource-key";
import type { AccessAdapter } from "@/lib/access/types";
import { blogPassScope } from "@/lib/passes/pass-scope";
import type { BlogContext } from "./blog-context";
import { buildPostGrant, type PostGrantBody } from "./build-post-grant";
import { findPostByKey, findPostByPath, type PostRow } from "./find-post";
import { postGate } from "./post-gate";
import { listPostMedia } from "./post-media";
import { postResource } from "./post-resource";

/**
 * One blog's posts on the access engine (lib/access): found by path (`/<type>/<slug>`) or by id or
 * slug; published is live, drafts 404, never expiring, with an optional whitelist price; entitlements and proofs
 * are "post:<id>" (domain-separated from share ids); sold at the post's access URL on the blog's
 * origin (post-resource.ts); a wallet holding the blog's active pass reads every paid public post (docs/passes.md).
 */
export function postAccess(blog: BlogContext): AccessAdapter<PostRow, PostGrantBody> {
  return {
    noun: "post",
    find: (key) => (key.startsWith("/") ? findPostByPath({ siteId: blog.site.id, path: key }) : findPostByKey({ siteId: blog.site.id, key })),
    cacheKey: (key) => `post:${blog.site.id}:${key}`,
    notFound: (key) => `No published post at ${key}`,
    gate: postGate,
    proofId: (post) => `post:${post.id}`,
    entitlementKey: (post) => resourceKey("post", post.id),
    currency: (post) => post.currency,
    paidResource: (post, priceAtomic) => postResource({ site: blog.site, origin: blog.origin, post, priceAtomic }),
    grantBody: (post, terms) => buildPostGrant(blog, post, terms),
    media: (post) => listPostMedia({ origin: blog.origin, post }),
    // The blog's pass covers its paid posts that are on public sale (invite-only posts stay invite-only).
    passScopes: (post) => (post.priceAtomic > 0n && post.publicAccess ? [blogPassScope(blog.site.id)] : []),
  };
}
