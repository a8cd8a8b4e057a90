import "server-only";
import type { z } from "zod";
import { formatUsdc, usdcNumber } from "@/lib/money";
import { policyView } from "@/lib/access/audience-policy";
import type { shareSummary as shareSummarySchema } from "@/lib/schemas/quickshare";
import type { ShareRow } from "./find-share";
import { shareStatus } from "./share-status";
import { shareUrls } from "./share-urls";

export type ShareSummary = z.infer<typeof shareSummarySchema>;

/** The owner's view of a share (never the body). */
export function shareSummary({ share, whitelistCount, mediaCount, now = new Date() }: { share: ShareRow; whitelistCount: number; mediaCount: number; now?: Date }): ShareSummary {
  return {
    id: share.id,
    slug: share.slug,
    title: share.title,
    summary: share.summary,
    contentType: share.contentType as ShareSummary["contentType"],
    price: formatUsdc(share.priceAtomic),
    whitelistPrice: share.whitelistPriceAtomic === null ? null : formatUsdc(share.whitelistPriceAtomic),
    accessPolicy: policyView(share.audiencePolicy),
    currency: share.currency,
    publicAccess: share.publicAccess,
    status: shareStatus(share, now),
    expiresAt: share.expiresAt.toISOString(),
    createdAt: share.createdAt.toISOString(),
    viewCount: share.viewCount,
    unlockCount: share.unlockCount,
    revenue: usdcNumber(share.revenueAtomic),
    whitelistCount,
    mediaCount,
    contentHash: share.contentHash,
    urls: shareUrls(share.slug),
  };
}
