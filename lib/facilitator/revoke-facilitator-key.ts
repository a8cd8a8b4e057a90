import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { revokedFacilitatorKeyResponse } from "@/lib/schemas/facilitator";
import { loadOwnedSite } from "@/lib/sites/load-owned-site";
import { toFacilitatorKeyView } from "./facilitator-key-view";

/** Revokes one of the site's keys; the facilitator refuses it from the next call. Revoking twice is a no-op. */
export async function revokeFacilitatorKey({ siteId, keyId, wallet }: { siteId: string; keyId: string; wallet: string }): Promise<z.input<typeof revokedFacilitatorKeyResponse>> {
  const site = await loadOwnedSite({ siteId, wallet });
  await db.facilitatorKey.updateMany({ where: { id: keyId, siteId: site.id, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await db.facilitatorKey.findFirst({ where: { id: keyId, siteId: site.id } });
  if (!row) throw new ApiError("not-found", `No facilitator key ${keyId} on ${site.domain}`);
  return { success: true, facilitatorKey: toFacilitatorKeyView(row) };
}
