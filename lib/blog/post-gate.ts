import type { AccessGate } from "@/lib/access/decide-access";

// Posts never expire: the gate's expiry lies beyond any date.
const NEVER = new Date(8.64e15);

/** A blog post as the one access decision sees it: published is live, anything else is a draft (404); whitelisted wallets pay its whitelist price when set. */
export function postGate(post: { status: string; priceAtomic: bigint; whitelistPriceAtomic: bigint | null; publicAccess: boolean; bodyStorageRef: string | null; audiencePolicy?: string | null }): AccessGate {
  return {
    status: post.status === "published" ? "active" : "draft",
    expiresAt: NEVER,
    priceAtomic: post.priceAtomic,
    whitelistPriceAtomic: post.whitelistPriceAtomic,
    publicAccess: post.publicAccess,
    legacyUrl: null,
    hasBody: true,
    audiencePolicy: post.audiencePolicy ?? null,
  };
}
