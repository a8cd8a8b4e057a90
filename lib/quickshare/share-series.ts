import "server-only";
import type { z } from "zod";
import { dayRange } from "@/lib/ledger/day-range";
import { resourceSeries } from "@/lib/ledger/resource-series";
import type { seriesResponse } from "@/lib/schemas/creator-numbers";
import { findOwnedShare } from "./find-share";

/** GET /quickshare/<slug>/series: the share's daily views, unlocks and revenue (owner only: 403 for anyone else). */
export async function shareSeries({ slug, owner, from, to }: { slug: string; owner: string; from?: string; to?: string }): Promise<z.input<typeof seriesResponse>> {
  const share = await findOwnedShare({ slug, wallet: owner, allowRevoked: true });
  const range = dayRange({ from, to });
  const series = (await resourceSeries({ kind: "share", ids: [share.id], range })).get(share.id)!;
  return { success: true, kind: "share", id: share.id, range: { from: range.from, to: range.to }, totals: series.totals, daily: series.daily };
}
