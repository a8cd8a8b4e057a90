import "server-only";
import { dayRange } from "@/lib/ledger/day-range";
import { resourceSeries } from "@/lib/ledger/resource-series";
import { findOwnedShare } from "./find-share";

/** GET /quickshare/<slug>/series: the share's daily views, unlocks and revenue (owner only: 403 for anyone else). */
export async function shareSeries({ slug, owner, from, to }: { slug: string; owner: string; from?: string; to?: string }) {
  const share = await findOwnedShare({ slug, wallet: owner, allowRevoked: true });
  const range = dayRange({ from, to });
  const series = (await resourceSeries({ kind: "share", ids: [share.id], range })).get(share.id)!;
  return { success: true as const, kind: "share" as const, id: share.id, range: { from: range.from, to: range.to }, ...series };
}
