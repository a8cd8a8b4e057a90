import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { recordActivity } from "@/lib/ledger/record-activity";
import { readableShare } from "./readable-share";

/**
 * POST /quickshare/<slug>/view: counts one view (viewCount, the dashboard event and a ledger row of
 * kind quickshare/view with no slug, link, title or wallet). An expired share takes no new views (419).
 */
export async function recordView({ slug, now = new Date() }: { slug: string; now?: Date }) {
  const share = await readableShare({ slug });
  if (now.getTime() >= share.expiresAt.getTime()) throw new ApiError("expired", "This share has expired");
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.quickshare.update({ where: { id: share.id }, data: { viewCount: { increment: 1 } }, select: { viewCount: true } });
    const event = await tx.quickshareEvent.create({ data: { shareId: share.id, network: env.NETWORK_MODE, kind: "view" } });
    await recordActivity({ type: "quickshare", subkind: "view", sourceKey: `quickshare-view:${event.id}` }, tx);
    return row;
  });
  return { success: true as const, viewCount: updated.viewCount };
}
