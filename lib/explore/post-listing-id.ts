/** Content.externalId of the explore listing of a hosted blog post (the post's own id after it). */
export const POST_LISTING_PREFIX = "post:";

export const postListingId = (postId: string) => `${POST_LISTING_PREFIX}${postId}`;

/** True for the Content row that lists a hosted blog post (paid on the blog, not through /hub/pay). */
export const isPostListing = (c: { externalId: string; site?: { hosted: boolean } | null }) =>
  c.externalId.startsWith(POST_LISTING_PREFIX) && (c.site?.hosted ?? true);
