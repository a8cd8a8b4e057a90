import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { deleteBlobs } from "@/lib/storage/delete-blobs";
import type { BlogContext } from "./blog-context";
import { adminPost } from "./find-post";
import { postAccess } from "./post-access";
import { removePostListing } from "./post-listing";
import { postPath } from "./post-urls";

/**
 * DELETE /api/admin/posts/<key> (admin): removes a draft or a published post for good. Its row,
 * whitelist, media rows, entitlements and explore listing go in one transaction (every read of it answers 404 from
 * then on); its encrypted body, media and previews are deleted from the blob store after the
 * commit. Payments, receipts and ledger rows are money records and stay.
 */
export async function deletePost({ blog, key }: { blog: BlogContext; key: string }) {
  const post = await adminPost({ siteId: blog.site.id, key });
  const refs = await db.$transaction(async (tx) => {
    const media = await tx.media.findMany({ where: { resourceType: "blogpost", resourceId: post.id }, select: { storageRef: true, previewRef: true } });
    await tx.media.deleteMany({ where: { resourceType: "blogpost", resourceId: post.id } });
    const key = postAccess(blog).entitlementKey(post);
    await tx.entitlement.deleteMany({ where: { resourceKey: key } });
    await tx.accessListEntry.deleteMany({ where: { resourceKey: key } });
    await removePostListing(tx, { siteId: blog.site.id, postId: post.id });
    const gone = await tx.blogPost.deleteMany({ where: { id: post.id } });
    if (gone.count !== 1) throw new ApiError("not-found", `No post ${key} on this blog`);
    return [post.bodyStorageRef, ...media.flatMap((m) => [m.storageRef, m.previewRef])];
  });
  await deleteBlobs(refs, `post ${post.id}`);
  return { success: true as const, id: post.id, path: postPath(post), deleted: true as const };
}
