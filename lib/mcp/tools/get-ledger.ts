import { listActivities } from "@/lib/ledger/list-activities";
import { ledgerQuery } from "@/lib/schemas/ledger";
import { defineTool } from "../define-tool";

export const getLedgerTool = defineTool({
  name: "get_ledger",
  title: "Public ledger",
  description:
    "One page of the hub's public activity ledger, newest first: views, unlocks, payments (with protocol fee and transaction hash), on-chain ratings, tips (a refund is a negative row) and quickshare unlocks (never naming the share). Includes global totals, hasMore and nextCursor for paging.",
  input: ledgerQuery.extend({
    limit: ledgerQuery.shape.limit.describe("Rows per page, 1..100 (default 50)"),
    skip: ledgerQuery.shape.skip.describe("Rows to skip for paging (default 0); slow on deep pages, prefer cursor"),
    cursor: ledgerQuery.shape.cursor.describe("The nextCursor of the previous page (same filters, no skip): fast at any depth"),
    type: ledgerQuery.shape.type.describe("Only one kind: views, unlocks, payments, ratings, tips or quickshare"),
    domain: ledgerQuery.shape.domain.describe("Only activity of this site domain, e.g. quiet-letters.example"),
  }),
  run: (args) => listActivities(args),
});
