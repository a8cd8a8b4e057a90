import "server-only";
import { env } from "@/lib/env";
import type { Tx } from "@/lib/db";
import { postListingId } from "@/lib/explore/post-listing-id";
import { trendIncrement } from "@/lib/explore/trend-score";
import { buildSearchText } from "@/lib/sites/search-text";
import { blogOrigin } from "./blog-origin";
import { postPath } from "./post-urls";

type ListedSite = { id: string; domain: string; name: string; ownerWallet: string };
type ListedPost = {
  id: string; slug: string; type: string; title: string; summary: string; status: string;
  priceAtomic: bigint; publicAccess: boolean; audiencePolicy?: string | null; tags: string; coverUrl: string | null; contentHash: string | null;
};

/**
 * Keeps a hosted blog post's explore listing in step with the post, inside the transaction that
 * changed it: a published post open to the public (free or paid) is a Content row of its blog's
 * site whose URL is the post page on the blog's origin (where it is read and paid); a draft, an
 * invite-only post or a deleted one has no listing. Counters already on the row are kept.
 */
export async function syncPostListing(tx: Tx, { site, post }: { site: ListedSite; post: ListedPost }) {
  if (post.status !== "published" || !post.publicAccess) return removePostListing(tx, { siteId: site.id, postId: post.id });
  const path = postPath(post);
  const fields = {
    title: post.title,
    description: post.summary,
    imageUrl: post.coverUrl && /^https?:\/\//i.test(post.coverUrl) ? post.coverUrl : "",
    contentType: post.type,
    tags: post.tags,
    url: `${blogOrigin(site.domain)}${path}`,
    path,
    priceAtomic: post.priceAtomic,
    recipientWallet: site.ownerWallet,
    // Prices per audience: the post's own policy (JSON {humans, agents}) when it has one.
    accessPolicy: post.audiencePolicy ?? (post.priceAtomic > 0n ? "paid" : "free"),
    contentHash: post.contentHash,
    searchText: buildSearchText({ title: post.title, description: post.summary, tags: post.tags, siteName: site.name, domain: site.domain }),
    lastSeenAt: new Date(),
  };
  const externalId = postListingId(post.id);
  await tx.content.upsert({
    where: { network_siteId_externalId: { network: env.NETWORK_MODE, siteId: site.id, externalId } },
    create: { network: env.NETWORK_MODE, siteId: site.id, externalId, ...fields, trendScore: trendIncrement({ created: true }) },
    update: fields,
  });
}

/** Drops a post's explore listing (unpublished, made invite-only, or deleted). */
export async function removePostListing(tx: Tx, { siteId, postId }: { siteId: string; postId: string }) {
  const { count } = await tx.content.deleteMany({ where: { siteId, externalId: postListingId(postId) } });
  // The site's stored sums counted the listing: the next refresh recomputes a site without them.
  if (count > 0) await tx.siteFigures.deleteMany({ where: { siteId } });
}

