import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import { countVisible } from "@/lib/explore/explore-content";
import { usdcNumber } from "@/lib/money";
import { walletNameOf } from "@/lib/sites/wallet-names";
import { refreshContentScores } from "./refresh-content-scores";
import { averageStars, reputationScore, round2, type Figures } from "./score";
import type { leaderboardItem } from "@/lib/schemas/ledger";

type LeaderboardItem = z.infer<typeof leaderboardItem>;

type Opts = { type: "creators" | "sites" | "content"; limit: number; skip: number };

/**
 * Leaderboards of creators, sites or content by reputation score (ties: unlocks, views, revenue).
 * Content ranks through the stored score and its index; sites and creators score their content's
 * stored sums (SiteFigures, refreshed with the content scores) with the same formula. Quickshares are not content and never rank.
 */
export async function leaderboards(opts: Opts) {
  const items = opts.type === "content" ? await contentBoard(opts) : await aggregateBoard(opts);
  return { success: true as const, type: opts.type, ...items, limit: opts.limit, skip: opts.skip };
}

type Count = number | bigint | null;
type SiteRow = {
  id: string; domain: string; name: string; verified: boolean | number; ownerWallet: string;
  contentCount: Count; ratingsCount: Count; ratingSum: Count; unlocks: Count; views: Count; revenueAtomic: Count;
  username?: string | null; // creators only
};

function figures(f: Figures) {
  return {
    reputationScore: round2(reputationScore(f)),
    reputationStars: averageStars(f),
    ratings: f.ratingsCount,
    unlocks: f.unlocks,
    views: f.views,
    revenue: usdcNumber(f.revenueAtomic),
  };
}

type BoardRow = {
  id: string; title: string; url: string; contentType: string; siteId: string; domain: string;
  ratingsCount: number | bigint; ratingSum: number | bigint; unlocks: number | bigint; views: number | bigint; revenueAtomic: number | bigint;
};

async function contentBoard({ limit, skip }: Opts) {
  await refreshContentScores();
  // One raw query: the page's ids walk the board's own index (network, reputationScore DESC, unlocks
  // DESC, views DESC, id) checking each row's site against the live sites (few), then the page's 20
  // rows join their columns and site. The ORM's join made the database sort every content row first
  // (hundreds of ms at 100,000 items), and a second ORM read of the page cost more than the walk.
  // NULL scores sit where each database puts them under DESC.
  const network = env.NETWORK_MODE;
  const [page, total] = await Promise.all([
    db.$queryRaw<BoardRow[]>`SELECT c."id", c."title", c."url", c."contentType", c."siteId", s."domain",
        c."ratingsCount", c."ratingSum", c."unlocks", c."views", c."revenueAtomic"
      FROM (SELECT p."id" FROM "Content" p
        WHERE p."network" = ${network} AND p."siteId" IN (SELECT v."id" FROM "Site" v WHERE v."verified" = TRUE AND v."removedAt" IS NULL)
        ORDER BY p."reputationScore" DESC, p."unlocks" DESC, p."views" DESC, p."id" ASC
        LIMIT ${limit} OFFSET ${skip}) ids
      JOIN "Content" c ON c."id" = ids."id" JOIN "Site" s ON s."id" = c."siteId"
      ORDER BY c."reputationScore" DESC, c."unlocks" DESC, c."views" DESC, c."id" ASC`,
    countVisible("all"),
  ]);
  return {
    total,
    items: page.map((c, i) => ({
      kind: "content" as const,
      rank: skip + i + 1,
      id: c.id,
      title: c.title,
      url: c.url,
      contentType: c.contentType,
      websiteId: c.siteId,
      domain: c.domain,
      ...figures({
        ratingsCount: Number(c.ratingsCount), ratingSum: Number(c.ratingSum), unlocks: Number(c.unlocks), views: Number(c.views), revenueAtomic: BigInt(c.revenueAtomic),
      }),
    })),
  };
}

async function aggregateBoard({ type, limit, skip }: Opts) {
  await refreshContentScores(); // and with them the sites' stored sums
  // The live sites and their stored sums in one raw statement (two model queries cost more to compile
  // than to run: issue 38 session 21); for creators also their owners' usernames, oldest site first (the
  // order a creator's name is taken in). A site without a SiteFigures row yet has zeros.
  const creators = type === "creators";
  const sites = await db.$queryRaw<SiteRow[]>`SELECT s."id", s."domain", s."name", s."verified", s."ownerWallet",
      f."contentCount", f."ratingsCount", f."ratingSum", f."unlocks", f."views", f."revenueAtomic"${creators ? Prisma.sql`, p."username"` : Prisma.empty}
    FROM "Site" s LEFT JOIN "SiteFigures" f ON f."siteId" = s."id" AND f."network" = ${env.NETWORK_MODE}
      ${creators ? Prisma.sql`LEFT JOIN "PublisherProfile" p ON p."ownerWallet" = s."ownerWallet"` : Prisma.empty}
    WHERE s."verified" = TRUE AND s."removedAt" IS NULL
    ${creators ? Prisma.sql`ORDER BY s."createdAt" ASC, s."id" ASC` : Prisma.empty}`;
  const sum = (g: SiteRow): Figures & { count: number } => ({
    ratingsCount: Number(g.ratingsCount ?? 0),
    ratingSum: Number(g.ratingSum ?? 0),
    unlocks: Number(g.unlocks ?? 0),
    views: Number(g.views ?? 0),
    revenueAtomic: BigInt(g.revenueAtomic ?? 0n),
    count: Number(g.contentCount ?? 0),
  });

  type Entry = { key: string; f: Figures & { count: number }; build: (rank: number) => LeaderboardItem };
  let entries: Entry[];
  if (type === "sites") {
    entries = sites.map((s) => {
      const f = sum(s);
      return { key: s.id, f, build: (rank) => ({ kind: "site" as const, rank, websiteId: s.id, domain: s.domain, name: s.name, verified: Boolean(s.verified), contentCount: f.count, ...figures(f) }) };
    });
  } else {
    // A creator's name by walletNames' rule (walletNameOf), from the same rows: they hold exactly the
    // sites walletNames reads, oldest first, and the usernames, so its two lookups (and a third for the
    // usernames) are not made again here.
    const byOwner = new Map<string, { f: Figures & { count: number }; sites: number; username: string | null; name: string | null }>();
    for (const s of sites) {
      const f = sum(s);
      const acc = byOwner.get(s.ownerWallet) ?? {
        f: { ratingsCount: 0, ratingSum: 0, unlocks: 0, views: 0, revenueAtomic: 0n, count: 0 }, sites: 0, username: s.username ?? null, name: walletNameOf(s.username, s),
      };
      acc.sites += 1;
      acc.f = {
        ratingsCount: acc.f.ratingsCount + f.ratingsCount, ratingSum: acc.f.ratingSum + f.ratingSum, unlocks: acc.f.unlocks + f.unlocks,
        views: acc.f.views + f.views, revenueAtomic: acc.f.revenueAtomic + f.revenueAtomic, count: acc.f.count + f.count,
      };
      byOwner.set(s.ownerWallet, acc);
    }
    entries = [...byOwner].map(([wallet, { f, sites: n, username, name }]) => ({
      key: wallet, f,
      build: (rank) => ({ kind: "creator" as const, rank, wallet, username, name, sites: n, contentCount: f.count, ...figures(f) }),
    }));
  }
  const scored = entries.map((e) => ({ ...e, score: reputationScore(e.f) }));
  scored.sort((a, b) => b.score - a.score || b.f.unlocks - a.f.unlocks || b.f.views - a.f.views || (b.f.revenueAtomic > a.f.revenueAtomic ? 1 : b.f.revenueAtomic < a.f.revenueAtomic ? -1 : 0) || a.key.localeCompare(b.key));
  return { total: scored.length, items: scored.slice(skip, skip + limit).map((e, i) => e.build(skip + i + 1)) };
}
