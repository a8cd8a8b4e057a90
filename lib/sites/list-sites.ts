import "server-only";
import { db } from "@/lib/db";
import { ownedSiteInclude, toOwnedSite } from "./site-view";

/** The live sites the wallet registered or proved ownership of, oldest first. */
export async function listSites({ wallet }: { wallet: string }) {
  const sites = await db.site.findMany({
    where: { removedAt: null, OR: [{ ownerWallet: wallet }, { ownerWallets: { some: { wallet, role: "owner" } } }] },
    include: ownedSiteInclude(),
    orderBy: { createdAt: "asc" },
  });
  return { success: true as const, sites: sites.map((site) => toOwnedSite(site)) };
}
