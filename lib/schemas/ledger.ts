import { z } from "zod";

const intParam = (min: number, max: number | undefined, def: number) =>
  z.coerce.number().int().min(min).max(max ?? Number.MAX_SAFE_INTEGER).default(def);

export const LEDGER_FILTERS = ["views", "unlocks", "payments", "ratings", "tips", "quickshare"] as const;

export const ledgerQuery = z.object({
  limit: intParam(1, 100, 50).meta({ description: "Page size, 1..100" }),
  skip: intParam(0, undefined, 0).meta({ description: "Rows to pass over (O(skip) on a deep page: prefer `cursor`)" }),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,200}$/, "a cursor is the opaque nextCursor of an earlier page")
    .optional()
    .meta({ description: "Continue after an earlier page: its `nextCursor` (same filters). Cannot be combined with skip" }),
  type: z.enum(LEDGER_FILTERS).optional().meta({ description: "Only one kind of activity" }),
  domain: z.string().min(1).max(253).optional().meta({ description: "Only activity of this site domain" }),
});

const money = z.number().meta({ description: "USDC, rendered from atomic units (6 decimals)" });

export const ledgerActivity = z
  .object({
    type: z.enum(["view", "unlock", "payment", "rating", "tip", "quickshare"]),
    id: z.string(),
    subkind: z.string().nullable().meta({ description: "tip: settled | held | released | refund | void; quickshare: view | unlock | tip (a tip to a share link); payment: pass (a hosted blog's pass, docs/passes.md), else null" }),
    websiteId: z.string().nullable(),
    actor: z.string().nullable(),
    contentId: z.string().nullable(),
    contentTitle: z.string().nullable(),
    contentUrl: z.string().nullable(),
    domain: z.string().nullable(),
    timestamp: z.iso.datetime(),
    revenue: money,
    amount: money.meta({ description: "Negative for a refund row" }),
    protocolFee: money.nullable(),
    currency: z.string(),
    txHash: z.string().nullable(),
    paymentProvider: z.string().nullable(),
    receiptUrl: z.string().nullable(),
    payerWallet: z.string().nullable(),
    recipientWallet: z.string().nullable(),
    walletAddress: z.string().nullable(),
    paymentId: z.string().nullable(),
    chainId: z.string().nullable(),
    network: z.string(),
    status: z.string().nullable(),
    score: z.number().nullable(),
    proofType: z.string().nullable(),
    proof: z.string().nullable().meta({ description: "On-chain rating: onchain:<txHash>" }),
  })
  .meta({ id: "LedgerActivity" });

export const ledgerTotals = z.object({
  views: z.number().int(),
  unlocks: z.number().int(),
  payments: z.number().int(),
  ratings: z.number().int(),
  tips: z.number().int(),
  quickshareViews: z.number().int(),
  quickshareUnlocks: z.number().int(),
  quickshareRevenue: money,
  total: z.number().int(),
});

export const ledgerResponse = z
  .object({
    success: z.literal(true),
    activities: z.array(ledgerActivity),
    total: z.number().int().meta({ description: "Rows in this page (capped at the page size)" }),
    totals: ledgerTotals.meta({ description: "Global counts of this network's ledger, not filtered" }),
    filteredTotals: ledgerTotals.nullable().meta({ description: "The same counts for the rows `type` and `domain` select (all pages, not just this one); null without a filter" }),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page (null on the last page); as fast on row 900,000 as on row 50" }),
    limit: z.number().int(),
    skip: z.number().int(),
  })
  .meta({ id: "LedgerPage" });

export const statsResponse = z
  .object({
    success: z.literal(true),
    stats: z.object({
      creators: z.number().int(),
      sites: z.number().int(),
      content: z.number().int(),
      views: z.number().int(),
      unlocks: z.number().int(),
      revenue: money.meta({ description: "Paid unlocks plus tips (net of refunds) plus quickshare unlocks" }),
      protocolFees: money,
      tips: z.number().int(),
      tipRevenue: money,
      quickshareUnlocks: z.number().int(),
      quickshareViews: z.number().int(),
      quickshareRevenue: money,
    }),
  })
  .meta({ id: "PlatformStats" });

export const leaderboardQuery = z.object({
  type: z.enum(["creators", "sites", "content"]).default("creators"),
  limit: intParam(1, 50, 20),
  skip: intParam(0, undefined, 0),
});

const rankedFigures = {
  rank: z.number().int(),
  reputationScore: z.number(),
  reputationStars: z.number().nullable().meta({ description: "Average rating on the 1..5 scale; null without ratings" }),
  ratings: z.number().int(),
  unlocks: z.number().int(),
  views: z.number().int(),
  revenue: money,
};

export const leaderboardItem = z.union([
  z.object({ kind: z.literal("creator"), wallet: z.string(), username: z.string().nullable(), name: z.string().nullable().meta({ description: "What to call the creator: the publisher profile's name, else their first verified site's name" }), sites: z.number().int(), contentCount: z.number().int(), ...rankedFigures }),
  z.object({ kind: z.literal("site"), websiteId: z.string(), domain: z.string(), name: z.string(), verified: z.boolean(), contentCount: z.number().int(), ...rankedFigures }),
  z.object({ kind: z.literal("content"), id: z.string(), title: z.string(), url: z.string(), contentType: z.string(), websiteId: z.string(), domain: z.string(), ...rankedFigures }),
]).meta({ id: "LeaderboardItem" });

export const leaderboardResponse = z
  .object({
    success: z.literal(true),
    type: z.enum(["creators", "sites", "content"]),
    items: z.array(leaderboardItem),
    total: z.number().int(),
    limit: z.number().int(),
    skip: z.number().int(),
  })
  .meta({ id: "Leaderboard" });
