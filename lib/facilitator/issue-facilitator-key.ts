import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { issuedFacilitatorKeyResponse } from "@/lib/schemas/facilitator";
import { loadOwnedSite } from "@/lib/sites/load-owned-site";
import { toFacilitatorKeyView } from "./facilitator-key-view";
import { facilitatorUrl } from "./facilitator-url";
import { hashFacilitatorKey } from "./hash-facilitator-key";

/** Live keys a site may hold at once (rotation issues the new one before the old one goes). */
export const MAX_LIVE_KEYS = 5;

/**
 * Issues a facilitator key for a site the wallet owns. The key is returned once and only its hash
 * is stored. `replaces` rotates: that key is revoked in the same transaction. A site may get keys
 * before it is verified; the facilitator refuses them until it is.
 */
export async function issueFacilitatorKey({
  siteId,
  wallet,
  label,
  replaces,
}: {
  siteId: string;
  wallet: string;
  label?: string;
  replaces?: string;
}): Promise<z.input<typeof issuedFacilitatorKeyResponse>> {
  const site = await loadOwnedSite({ siteId, wallet });
  const key = `fk_${randomBytes(32).toString("base64url")}`;
  return db.$transaction(async (tx) => {
    let revoked: string | null = null;
    if (replaces) {
      const { count } = await tx.facilitatorKey.updateMany({ where: { id: replaces, siteId: site.id, revokedAt: null }, data: { revokedAt: new Date() } });
      if (count === 0) throw new ApiError("not-found", `No live facilitator key ${replaces} on ${site.domain}`);
      revoked = replaces;
    }
    const live = await tx.facilitatorKey.count({ where: { siteId: site.id, revokedAt: null } });
    if (live >= MAX_LIVE_KEYS) throw new ApiError("conflict", `${site.domain} already has ${live} live facilitator keys; revoke one or rotate it (replaces)`);
    const row = await tx.facilitatorKey.create({
      data: { siteId: site.id, keyHash: hashFacilitatorKey(key), prefix: key.slice(0, 10), label: label ?? "", createdBy: wallet },
    });
    return { success: true as const, key, facilitatorUrl: facilitatorUrl(), facilitatorKey: toFacilitatorKeyView(row), revoked };
  });
}
