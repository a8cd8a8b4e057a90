import "server-only";
import { replaceAccessList } from "@/lib/access/replace-access-list";
import type { z } from "zod";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { storedPolicy } from "@/lib/access/audience-policy";
import { parseUsdc } from "@/lib/money";
import type { accessControlBody } from "@/lib/schemas/quickshare";
import { type AccessControl, describeAccessControl } from "./describe-access-control";
import { findOwnedShare } from "./find-share";
import { shareAccess } from "./share-access";

/**
 * PUT /quickshare/<slug>/access-control: edits price, whitelistPrice, publicAccess, accessPolicy (prices per audience) and (replacing
 * it) the whitelist, or publishes a draft. New prices apply to the next charge; existing
 * entitlements stay as they are.
 */
export async function updateAccessControl({ slug, owner, input }: { slug: string; owner: string; input: z.output<typeof accessControlBody> }): Promise<AccessControl> {
  const share = await findOwnedShare({ slug, wallet: owner });
  if (input.publish && share.status !== "draft" && share.status !== "active") throw new ApiError("conflict", "Only a draft can be published");
  await db.$transaction(async (tx) => {
    const res = await tx.quickshare.updateMany({
      where: { id: share.id, status: { in: ["active", "draft"] } },
      data: {
        ...(input.price !== undefined && { priceAtomic: parseUsdc(input.price) }),
        ...(input.whitelistPrice !== undefined && { whitelistPriceAtomic: input.whitelistPrice === null ? null : parseUsdc(input.whitelistPrice) }),
        ...(input.publicAccess !== undefined && { publicAccess: input.publicAccess }),
        ...(input.accessPolicy !== undefined && { audiencePolicy: storedPolicy(input.accessPolicy) }),
        ...(input.publish && { status: "active" }),
      },
    });
    if (res.count !== 1) throw new ApiError("gone", "This share was revoked");
    if (input.whitelist) await replaceAccessList(tx, { resourceKey: shareAccess.entitlementKey(share), wallets: input.whitelist });
  });
  return describeAccessControl((await db.quickshare.findUnique({ where: { id: share.id } }))!);
}

