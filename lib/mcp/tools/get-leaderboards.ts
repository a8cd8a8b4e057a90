import { leaderboards } from "@/lib/reputation/leaderboards";
import { leaderboardQuery } from "@/lib/schemas/ledger";
import { defineTool } from "../define-tool";

export const getLeaderboardsTool = defineTool({
  name: "get_leaderboards",
  title: "Leaderboards",
  description:
    "Creators, sites or content ranked by reputation score (0..100, from on-chain ratings — one per buyer — unlocks, views and revenue), each item with the figures it is ranked by and its average stars (1..5). Quickshares never rank.",
  input: leaderboardQuery.extend({
    type: leaderboardQuery.shape.type.describe("creators (default), sites or content"),
    limit: leaderboardQuery.shape.limit.describe("Items per page, 1..50 (default 20)"),
    skip: leaderboardQuery.shape.skip.describe("Items to skip for paging (default 0)"),
  }),
  run: (args) => leaderboards(args),
});
