import "server-only";
import { contentCountSql } from "@/lib/counters/content-count";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { CONTENT_ORDER_INDEX, contentTable, siteIdIn } from "@/lib/explore/content-join";
import { formatUsdc } from "@/lib/money";
import { VISIBLE_SITE_IDS } from "@/lib/sites/visible-sites";

type Recent = { id: string; title: string; contentType: string; url: string; priceAtomic: string; siteName: string; domain: string };
type Counts = { sites: bigint | number | null; content: bigint | number | null };

/**
 * What the home page shows a newcomer: live counts and the newest verified content of this network.
 * Two raw statements: the figures (verified sites, and /hub/stats' content figure, every site's content
 * of this network, from the maintained counters rather than a count over the content rows), and the six
 * newest items of visible sites, found by walking the (network, createdAt) index as discovery does
 * (lib/explore/content-join.ts: the ORM's form of the site filter let either database read and sort
 * every content row).
 */
export async function homeSummary() {
  const network = env.NETWORK_MODE;
  const [[counts], recent] = await Promise.all([
    db.$queryRaw<Counts[]>`SELECT (SELECT COUNT(*) FROM "Site" WHERE "verified" = TRUE AND "removedAt" IS NULL) AS "sites",
      (${contentCountSql({ network, visible: false })}) AS "content"`,
    db.$queryRaw<Recent[]>`SELECT c."id", c."title", c."contentType", c."url", CAST(c."priceAtomic" AS TEXT) AS "priceAtomic", s."name" AS "siteName", s."domain"
      FROM ${contentTable(CONTENT_ORDER_INDEX.newest)} JOIN "Site" s ON s."id" = c."siteId"
      WHERE c."network" = ${network} AND ${siteIdIn(VISIBLE_SITE_IDS)}
      ORDER BY c."createdAt" DESC, c."id" DESC LIMIT 6`,
  ]);
  return {
    network,
    sites: Number(counts?.sites ?? 0),
    content: Number(counts?.content ?? 0),
    recent: recent.map(({ priceAtomic, ...c }) => ({ ...c, price: formatUsdc(BigInt(priceAtomic)) })),
  };
}
