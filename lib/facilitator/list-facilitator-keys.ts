import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { facilitatorKeyListResponse } from "@/lib/schemas/facilitator";
import { loadOwnedSite } from "@/lib/sites/load-owned-site";
import { toFacilitatorKeyView } from "./facilitator-key-view";
import { facilitatorUrl } from "./facilitator-url";

/** A site's facilitator keys, live and revoked, newest first (never the secrets). */
export async function listFacilitatorKeys({ siteId, wallet }: { siteId: string; wallet: string }): Promise<z.input<typeof facilitatorKeyListResponse>> {
  const site = await loadOwnedSite({ siteId, wallet });
  const rows = await db.facilitatorKey.findMany({ where: { siteId: site.id }, orderBy: { createdAt: "desc" }, take: 100 });
  return { success: true, facilitatorUrl: facilitatorUrl(), keys: rows.map(toFacilitatorKeyView) };
}
