import "server-only";
import { db } from "@/lib/db";
import { contentById } from "@/lib/content/content-by-id";
import { isPostListing, POST_LISTING_PREFIX } from "@/lib/explore/post-listing-id";
import { findActiveBlog, type BlogContext } from "./blog-context";
import { blogDomainOfHost } from "./blog-domain";
import { blogOrigin } from "./blog-origin";
import { findPostByPath, type PostRow } from "./find-post";

export type SoldPost = { blog: BlogContext; post: PostRow };

/**
 * The hosted blog post a /hub/pay request names, or null when it names something else: its explore
 * card's id (the listing's hub id, or its externalId `post:<postId>`, which also names an invite-only
 * post that has no card), the card's URL (the post page on its blog) or the post's access URL. The
 * blog is seen from its public origin, as its own access route sees it from a reader. Drafts and
 * unknown posts resolve too: the access engine answers them 404, as the blog's route does.
 */
export async function findSoldPost(input: { contentId?: string; url?: string; siteId?: string; fromCache?: boolean }): Promise<SoldPost | null> {
  const { contentId, url } = input;
  if (contentId) {
    const hit = await contentById(input as typeof input & { contentId: string });
    if (hit) return isPostListing(hit) ? postOf(hit.siteId, hit.externalId.slice(POST_LISTING_PREFIX.length)) : null;
    if (contentId.startsWith(POST_LISTING_PREFIX)) {
      const post = await db.blogPost.findUnique({ where: { id: contentId.slice(POST_LISTING_PREFIX.length) }, select: { id: true, siteId: true } });
      if (post) return postOf(post.siteId, post.id);
    }
    // An unknown id does not hide a post named by its URL (as for tracked content).
  }
  if (url) return postAtUrl(url);
  return null;
}

async function postOf(siteId: string, postId: string): Promise<SoldPost | null> {
  const post = await db.blogPost.findFirst({ where: { id: postId, siteId }, include: { site: true } });
  if (!post) return null;
  const site = await findActiveBlog(post.site.domain);
  if (!site) return null;
  const { site: _site, ...row } = post;
  return { blog: { site, origin: blogOrigin(site.domain), session: null, admin: false }, post: row };
}

/** A post page (`<origin>/<type>/<slug>`) or access URL (`<origin>/api/svc/access?path=…`) on a hosted blog. */
async function postAtUrl(raw: string): Promise<SoldPost | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const domain = blogDomainOfHost(url.host);
  if (!domain) return null;
  const site = await findActiveBlog(domain);
  if (!site) return null;
  const path = url.pathname === "/api/svc/access" ? url.searchParams.get("path") ?? "" : url.pathname;
  const post = await findPostByPath({ siteId: site.id, path });
  return post ? { blog: { site, origin: blogOrigin(site.domain), session: null, admin: false }, post } : null;
}
