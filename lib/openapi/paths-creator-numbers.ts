import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { postKeyParams } from "@/lib/schemas/blog";
import { EARNINGS_CSV_COLUMNS, earningsExportQuery, seriesQuery, seriesResponse } from "@/lib/schemas/creator-numbers";
import { slugParams } from "@/lib/schemas/quickshare";
import { operation } from "@/lib/http/operation";
import { errors, pathsOf } from "./helpers";

const tags = ["creator numbers"];
const SERIES = "Per UTC day over ?from=&to= (default the last 30 days, at most 366; gaps filled with zeros): views, unlocks, revenue (USDC paid) and net (after the hub's fee), with the range's totals.";

export const shareSeriesOp = operation({
  method: "get",
  path: "/quickshare/{slug}/series",
  params: slugParams,
  query: seriesQuery,
  response: seriesResponse,
  doc: {
    tags,
    summary: "A share's daily numbers (owner)",
    description: `${SERIES} Views and unlocks are the share's events (a free grant is an unlock without revenue).`,
    security: [{ session: [] }],
    answer: "The series",
    responses: errors(400, 401, 403, 404),
  },
});

export const postSeriesOp = operation({
  method: "get",
  path: "/api/admin/posts/{key}/series",
  params: postKeyParams,
  query: seriesQuery,
  response: seriesResponse,
  doc: {
    tags,
    summary: "A hosted post's daily numbers (blog origin, admin)",
    description: `Served on the hosted blog's own origin; the blog's owner or an admin (401 without a blog session, 403 without the role). ${SERIES} Views are counted while the post is listed (its explore listing's daily metric); unlocks and revenue are its verified payments.`,
    security: [{ blogSession: [] }],
    answer: "The series",
    responses: errors(400, 401, 403, 404),
  },
});

export const earningsCsvOp = operation({
  method: "get",
  path: "/hub/earnings.csv",
  query: earningsExportQuery,
  doc: {
    tags,
    summary: "Export every sale and tip as CSV (signed-in creator)",
    description: `Every sale (items, hosted posts, shares) and every settled or released tip the session's wallet received over ?from=&to= (UTC days, both included; default the last 30 days, at most 3 years), oldest first. Columns: ${EARNINGS_CSV_COLUMNS.join(", ")}. Amounts are exact USDC decimals; cells a spreadsheet would run as a formula start with an apostrophe. Sent as an attachment named earnings-<from>-to-<to>.csv.`,
    security: [{ session: [] }],
    answer: "The CSV file",
    answerHeaders: z.object({ "content-disposition": z.string() }),
    answerContent: { "text/csv": { schema: z.string() } },
    responses: errors(400, 401),
  },
});

export const creatorNumbersPaths: ZodOpenApiPathsObject = pathsOf(shareSeriesOp, postSeriesOp, earningsCsvOp);
