import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { findOwnedShare } from "./find-share";
import { shareUrls } from "./share-urls";
import { withFreshSlug } from "./with-fresh-slug";

/**
 * POST /quickshare/<slug>/reslug: gives the share a new random slug; the old link answers 404 from
 * then on. Entitlements and unlock proofs are bound to the share id, so they keep working.
 */
export async function reslugShare({ slug, owner }: { slug: string; owner: string }) {
  const share = await findOwnedShare({ slug, wallet: owner });
  const next = await withFreshSlug(async (fresh) => {
    // Guarded on the old slug: of two concurrent reslugs, one wins and the other finds nothing.
    const res = await db.quickshare.updateMany({ where: { id: share.id, slug: share.slug, status: { not: "revoked" } }, data: { slug: fresh } });
    if (res.count !== 1) throw new ApiError("conflict", "The share changed meanwhile (revoked or reslugged); reload it");
    return fresh;
  });
  return { success: true as const, slug: next, previousSlug: share.slug, url: shareUrls(next).page };
}
