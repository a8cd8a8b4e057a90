import "server-only";
import type { z } from "zod";
import { formatUsdc } from "@/lib/money";
import type { metaResponse } from "@/lib/schemas/quickshare";
import { readableShare } from "./readable-share";
import { shareStatus } from "./share-status";
import { coverUrl } from "./share-urls";

/** GET /quickshare/<slug>/meta: public metadata (title, price, cover, status, counters), never the body. */
export async function shareMeta({ slug, now = new Date() }: { slug: string; now?: Date }): Promise<z.infer<typeof metaResponse>> {
  const share = await readableShare({ slug });
  return {
    success: true,
    slug: share.slug,
    title: share.title,
    summary: share.summary,
    contentType: share.contentType as z.infer<typeof metaResponse>["contentType"],
    price: formatUsdc(share.priceAtomic),
    currency: share.currency,
    publicAccess: share.publicAccess,
    cover: share.coverStorageRef ? coverUrl(share.slug) : null,
    status: shareStatus(share, now),
    expiresAt: share.expiresAt.toISOString(),
    viewCount: share.viewCount,
    unlockCount: share.unlockCount,
  };
}
