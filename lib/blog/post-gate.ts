import type { AccessGate } from "@/lib/access/decide-access";

// Posts never expire: the gate's expiry lies beyond any date.
const NEVER = new Date(8.64e15);

/** A blog post as the one access decision sees it: published is live, anything else is a draft (404); no whitelist price. */
export function postGate(post: { status: string; priceAtomic: bigint; publicAccess: boolean; bodyStorageRef: string | null }): AccessGate {
  return {
    status: post.status === "published" ? "active" : "draft",
    expiresAt: NEVER,
    priceAtomic: post.priceAtomic,
    whitelistPriceAtomic: null,
    publicAccess: post.publicAccess,
    legacyUrl: null,
    hasBody: true,
  };
}
