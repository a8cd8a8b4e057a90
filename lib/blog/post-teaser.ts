import "server-only";
import { mediaMetadata } from "@/lib/access/media-metadata";
import { readBody } from "@/lib/access/read-body";
import { splitTags } from "./admin-post-view";
import type { BlogContext } from "./blog-context";
import { findPostByKey, publishedPost, type PostRow } from "./find-post";
import { listPostMedia, postDocument } from "./post-media";
import { postFields } from "./post-fields";
import { postUrls } from "./post-urls";

/** A post anyone may read whole: free and public. Everything else is locked behind the access route. */
export const isOpenPost = (post: { priceAtomic: bigint; publicAccess: boolean }) => post.priceAtomic === 0n && post.publicAccess;

/**
 * GET /api/blog/posts/<slug>: a free public post with its decrypted body, media and full document;
 * any other post as a teaser — isLocked true, and body, media, contentKey and bodyStorageRef null,
 * with only the document preview (12 sheet rows, 1,600 text characters). Keys and storage
 * references never leave the server. Drafts are 404.
 */
export async function postTeaser({ blog, slug }: { blog: BlogContext; slug: string }) {
  const found = await findPostByKey({ siteId: blog.site.id, key: slug });
  const post = await publishedPost(found && found.slug === slug ? found : null, slug);
  return { success: true as const, post: await teaserOf(blog, post) };
}

export async function teaserOf(blog: BlogContext, post: PostRow) {
  const open = isOpenPost(post);
  const media = await listPostMedia({ origin: blog.origin, post });
  const [body, document] = await Promise.all([open && post.bodyStorageRef ? readBody({ resource: post }) : Promise.resolve(open ? "" : null), postDocument({ media, full: open })]);
  const urls = postUrls(blog.origin, post);
  return {
    ...postFields(post),
    publicAccess: post.publicAccess,
    tags: splitTags(post.tags),
    coverUrl: post.coverUrl,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    isLocked: !open,
    body,
    media: open ? { ...mediaMetadata(media), coverUrl: post.coverUrl, externalVideoUrl: post.externalVideoUrl } : null,
    contentKey: null,
    bodyStorageRef: null,
    document,
    urls: { page: urls.page, access: urls.access, manifest: urls.manifest, quote: urls.quote },
  };
}
