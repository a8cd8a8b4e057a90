import "server-only";
import { resourceKey } from "@/lib/access/resource-key";
import type { AccessAdapter } from "@/lib/access/types";
import { buildGrant, type AccessGrantBody } from "./build-grant";
import { findShare, type ShareRow } from "./find-share";
import { grantAccess } from "./grant-access";
import { listShareMedia } from "./list-share-media";
import { shareResource } from "./share-resource";

/**
 * Quickshare shares on the access engine (lib/access): found by slug; they expire, may carry a
 * whitelist price and a legacy URL; entitlements are "qs:<id>" and proofs bind to the share id; a
 * new grant also counts the unlock (grant-access.ts); sold as a private quickshare payment
 * (share-resource.ts).
 */
export const shareAccess: AccessAdapter<ShareRow, AccessGrantBody> = {
  noun: "share",
  find: (slug) => findShare({ slug }),
  cacheKey: (slug) => `share:${slug}`,
  notFound: () => "No published share with this slug",
  gate: (share) => ({
    status: share.status,
    expiresAt: share.expiresAt,
    priceAtomic: share.priceAtomic,
    whitelistPriceAtomic: share.whitelistPriceAtomic,
    publicAccess: share.publicAccess,
    legacyUrl: share.legacyUrl,
    hasBody: !!share.bodyStorageRef,
    audiencePolicy: share.audiencePolicy,
  }),
  proofId: (share) => share.id,
  entitlementKey: (share) => resourceKey("share", share.id),
  currency: (share) => share.currency,
  paidResource: shareResource,
  onGranted: grantAccess,
  grantBody: buildGrant,
  media: listShareMedia,
};
