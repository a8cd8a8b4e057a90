import "server-only";
import { db } from "@/lib/db";
import { loadOwnedSite } from "./load-owned-site";
import { newSecretColumns } from "./site-secret";
import { ownedSiteInclude, toOwnedSite } from "./site-view";

/**
 * POST /hub/sites/<id>/secret: a new secret for a site the wallet owns, shown in this answer only. The
 * old one (hashed, or a pre-split plaintext token) stops working at once; the public site key and the
 * widget snippet do not change.
 */
export async function rotateSiteSecret({ siteId, wallet }: { siteId: string; wallet: string }) {
  const site = await loadOwnedSite({ siteId, wallet });
  const { secret, data } = newSecretColumns();
  const fresh = await db.site.update({ where: { id: site.id }, data, include: ownedSiteInclude() });
  return { success: true as const, site: toOwnedSite(fresh, { secret }) };
}
