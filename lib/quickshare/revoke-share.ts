import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { deleteBlobs } from "@/lib/storage/delete-blobs";
import { findOwnedShare } from "./find-share";

/**
 * DELETE /quickshare/<slug>: revokes the share (every read answers 410 from then on) and deletes
 * its stored body, media and preview from the blob store.
 */
export async function revokeShare({ slug, owner }: { slug: string; owner: string }) {
  const share = await findOwnedShare({ slug, wallet: owner });
  const refs = await db.$transaction(async (tx) => {
    const res = await tx.quickshare.updateMany({
      where: { id: share.id, status: { in: ["active", "draft"] } },
      data: { status: "revoked", revokedAt: new Date(), bodyStorageRef: null, bodyWrappedKey: null, coverStorageRef: null, previewRef: null },
    });
    if (res.count !== 1) throw new ApiError("gone", "This share was already revoked");
    const media = await tx.media.findMany({ where: { resourceType: "quickshare", resourceId: share.id }, select: { storageRef: true, previewRef: true } });
    await tx.media.deleteMany({ where: { resourceType: "quickshare", resourceId: share.id } });
    return [share.bodyStorageRef, share.coverStorageRef, ...media.flatMap((m) => [m.storageRef, m.previewRef])];
  });
  await deleteBlobs(refs, `share ${share.slug}`);
  return { success: true as const, slug: share.slug, status: "revoked" as const };
}
