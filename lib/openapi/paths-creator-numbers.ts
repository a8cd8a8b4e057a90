import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { postKeyParams } from "@/lib/schemas/blog";
import { EARNINGS_CSV_COLUMNS, earningsExportQuery, seriesQuery, seriesResponse } from "@/lib/schemas/creator-numbers";
import { slugParams } from "@/lib/schemas/quickshare";
import { errors, json } from "./helpers";

const tags = ["creator numbers"];
const SERIES = "Per UTC day over ?from=&to= (default the last 30 days, at most 366; gaps filled with zeros): views, unlocks, revenue (USDC paid) and net (after the hub's fee), with the range's totals.";

export const creatorNumbersPaths: ZodOpenApiPathsObject = {
  "/quickshare/{slug}/series": {
    get: {
      tags,
      summary: "A share's daily numbers (owner)",
      description: `${SERIES} Views and unlocks are the share's events (a free grant is an unlock without revenue).`,
      security: [{ session: [] }],
      requestParams: { path: slugParams, query: seriesQuery },
      responses: { "200": json(seriesResponse, "The series"), ...errors(400, 401, 403, 404) },
    },
  },
  "/api/admin/posts/{key}/series": {
    get: {
      tags,
      summary: "A hosted post's daily numbers (blog origin, admin)",
      description: `Served on the hosted blog's own origin; the blog's owner or an admin (401 without a blog session, 403 without the role). ${SERIES} Views are counted while the post is listed (its explore listing's daily metric); unlocks and revenue are its verified payments.`,
      security: [{ blogSession: [] }],
      requestParams: { path: postKeyParams, query: seriesQuery },
      responses: { "200": json(seriesResponse, "The series"), ...errors(400, 401, 403, 404) },
    },
  },
  "/hub/earnings.csv": {
    get: {
      tags,
      summary: "Export every sale and tip as CSV (signed-in creator)",
      description: `Every sale (items, hosted posts, shares) and every settled or released tip the session's wallet received over ?from=&to= (UTC days, both included; default the last 30 days, at most 3 years), oldest first. Columns: ${EARNINGS_CSV_COLUMNS.join(", ")}. Amounts are exact USDC decimals; cells a spreadsheet would run as a formula start with an apostrophe. Sent as an attachment named earnings-<from>-to-<to>.csv.`,
      security: [{ session: [] }],
      requestParams: { query: earningsExportQuery },
      responses: {
        "200": { description: "The CSV file", headers: z.object({ "content-disposition": z.string() }), content: { "text/csv": { schema: z.string() } } },
        ...errors(400, 401),
      },
    },
  },
};
