import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { ownedSiteInclude } from "./site-view";

/** A live site the wallet owns (its registrant or a proven owner wallet), or 404. */
export async function loadOwnedSite({ siteId, wallet }: { siteId: string; wallet: string }) {
  const site = await db.site.findFirst({
    where: { id: siteId, removedAt: null, OR: [{ ownerWallet: wallet }, { ownerWallets: { some: { wallet, role: "owner" } } }] },
    include: ownedSiteInclude(),
  });
  if (!site) throw new ApiError("not-found", `No site ${siteId} owned by ${wallet}`);
  return site;
}
