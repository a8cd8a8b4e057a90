import "server-only";
import { type AccessControl, describeAccessControl } from "./describe-access-control";
import { findOwnedShare } from "./find-share";

/** GET /quickshare/<slug>/access-control: price, whitelist, publicAccess and every entitlement, for the owner. */
export async function getAccessControl({ slug, owner }: { slug: string; owner: string }): Promise<AccessControl> {
  return describeAccessControl(await findOwnedShare({ slug, wallet: owner, allowRevoked: true }));
}

