import "server-only";
import { contentCountSql } from "@/lib/counters/content-count";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { newestContent } from "@/lib/explore/newest-content";
import { formatUsdc } from "@/lib/money";
import { VISIBLE_SITE_IDS } from "@/lib/sites/visible-sites";

type Counts = { sites: bigint | number | null; content: bigint | number | null };

/**
 * What the home page shows a newcomer: live counts and the newest verified content of this network.
 * The figures in one raw statement: the visible sites (lib/sites/visible-sites.ts), and /hub/stats'
 * content figure (every site's content of this network) from the maintained counters rather than a
 * count over the content rows.
 */
export async function homeSummary() {
  const network = env.NETWORK_MODE;
  const [[counts], recent] = await Promise.all([
    db.$queryRaw<Counts[]>`SELECT (SELECT COUNT(*) FROM (${VISIBLE_SITE_IDS}) v) AS "sites",
      (${contentCountSql({ network, visible: false })}) AS "content"`,
    newestContent(6),
  ]);
  return {
    network,
    sites: Number(counts?.sites ?? 0),
    content: Number(counts?.content ?? 0),
    recent: recent.map((c) => ({ id: c.id, title: c.title, contentType: c.contentType, url: c.url, price: formatUsdc(c.priceAtomic), siteName: c.siteName, domain: c.domain })),
  };
}
