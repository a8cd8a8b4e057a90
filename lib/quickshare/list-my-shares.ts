import "server-only";
import { resourceKey } from "@/lib/access/resource-key";
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { shareSummary, type ShareSummary } from "./share-summary";

/** GET /quickshare/mine: the owner's shares, newest first, with their counters (at most 500). */
export async function listMyShares({ owner }: { owner: string }): Promise<{ success: true; shares: ShareSummary[] }> {
  const shares = await db.quickshare.findMany({
    where: { ownerWallet: getAddress(owner), network: env.NETWORK_MODE },
    orderBy: { createdAt: "desc" },
    take: 500,
  });
  const keys = shares.map((s) => resourceKey("share", s.id));
  const [media, listed] = shares.length
    ? await Promise.all([
        db.media.groupBy({ by: ["resourceId"], where: { resourceType: "quickshare", resourceId: { in: shares.map((s) => s.id) } }, _count: { _all: true } }),
        db.accessListEntry.groupBy({ by: ["resourceKey"], where: { resourceKey: { in: keys } }, _count: { _all: true } }),
      ])
    : [[], []];
  const mediaCount = new Map(media.map((m) => [m.resourceId, m._count._all]));
  const whitelistCount = new Map(listed.map((l) => [l.resourceKey, l._count._all]));
  const now = new Date();
  return {
    success: true,
    shares: shares.map((share) => shareSummary({ share, whitelistCount: whitelistCount.get(resourceKey("share", share.id)) ?? 0, mediaCount: mediaCount.get(share.id) ?? 0, now })),
  };
}
