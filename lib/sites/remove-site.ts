import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { loadOwnedSite } from "./load-owned-site";

/**
 * Removes a site: its content leaves discovery at once and its widget events are refused (403).
 * The row stays (receipts and ratings keep their references); registering the domain again
 * restores it for the same owner.
 */
export async function removeSite({ siteId, wallet }: { siteId: string; wallet: string }) {
  const site = await loadOwnedSite({ siteId, wallet });
  const res = await db.site.updateMany({
    where: { id: site.id, removedAt: null },
    data: { removedAt: new Date(), verified: false, verificationStatus: "removed" },
  });
  if (res.count === 0) throw new ApiError("not-found", `Site ${siteId} is already removed`);
  return { success: true as const, id: site.id, removed: true as const };
}
