import type { ZodOpenApiPathsObject } from "zod-openapi";
import { leaderboardQuery, leaderboardResponse, ledgerQuery, ledgerResponse, statsResponse } from "@/lib/schemas/ledger";
import { operation } from "@/lib/http/operation";
import { errors, pathsOf } from "./helpers";

export const ledgerOp = operation({
  method: "get",
  path: "/hub/ledger",
  query: ledgerQuery,
  response: ledgerResponse,
  doc: {
    tags: ["ledger"],
    summary: "The public activity ledger, newest first",
    description:
      "Rows of kind view, unlock, payment, rating, tip and quickshare. Filters: views, unlocks, payments, ratings, tips, quickshare. " +
      "A tip refund is a negative row (subkind refund). Quickshare rows (subkind view, unlock, and tip for a tip to a share link) carry only amount, currency, tx hash, network and payer wallet — never the share's link, slug, title, domain or owner. " +
      "`total` is the number of rows in this page; `totals` are global counts of the network's ledger, `filteredTotals` the same counts for the rows the filter selects (null without one); `hasMore` says whether a next page exists.",
    answer: "One page",
    responses: errors(400),
  },
});

export const statsOp = operation({
  method: "get",
  path: "/hub/stats",
  response: statsResponse,
  doc: {
    tags: ["ledger"],
    summary: "Platform statistics, consistent with the ledger",
    description:
      "creators: distinct owner wallets of verified sites; sites: verified, not removed; content: tracked items of this network. " +
      "views = view rows; unlocks = payment rows (hub-verified paid unlocks) + unlock rows (reported by site widgets); " +
      "revenue = paid unlocks + tips net of refunds + quickshare unlocks; protocolFees = the sum of every row's protocol fee.",
    answer: "The figures",
  },
});

export const leaderboardsOp = operation({
  method: "get",
  path: "/hub/reputation/leaderboards",
  query: leaderboardQuery,
  response: leaderboardResponse,
  doc: {
    tags: ["reputation"],
    summary: "Creators, sites or content ranked by reputation score",
    description:
      "score (0..100) = 100 · (0.60 · (stars − 1)/4 + 0.25 · sat(unlocks, 1000) + 0.10 · sat(views, 10000) + 0.05 · sat(revenue USDC, 1000)), " +
      "where stars is a Bayesian average on the 1..5 scale with a prior of five 3-star ratings and sat(x, c) = min(1, log10(1+x)/log10(1+c)). " +
      "Each wallet rates a content item once. Sites and creators score the sums of their content's figures. Ties: unlocks, views, revenue. Quickshares never rank.",
    answer: "One page of the board",
    responses: errors(400),
  },
});

export const ledgerPaths: ZodOpenApiPathsObject = pathsOf(ledgerOp, statsOp, leaderboardsOp);
