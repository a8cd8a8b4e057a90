import { z } from "zod";

const day = z.iso.date();

/** ?from=&to= of a resource's daily series (UTC days; default the last 30, at most 366). */
export const seriesQuery = z
  .object({
    from: day.optional().meta({ description: "First day (UTC, YYYY-MM-DD); default 29 days before `to`" }),
    to: day.optional().meta({ description: "Last day (UTC, YYYY-MM-DD); default today" }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["from"], message: "must not be after to" });

const seriesNumbers = {
  views: z.number().int(),
  unlocks: z.number().int(),
  revenue: z.number().meta({ description: "USDC paid by readers (gross)" }),
  net: z.number().meta({ description: "USDC the creator keeps: revenue less the hub's fee" }),
};

export const seriesResponse = z
  .object({
    success: z.literal(true),
    kind: z.enum(["post", "share"]),
    id: z.string(),
    range: z.object({ from: z.string(), to: z.string() }),
    totals: z.object(seriesNumbers),
    daily: z.array(z.object({ day: z.string(), ...seriesNumbers })),
  })
  .meta({ id: "ResourceSeries" });

/** ?from=&to= of the earnings export (UTC days; default the last 30, at most 3 years). */
export const earningsExportQuery = z
  .object({
    from: day.optional().meta({ description: "First day (UTC, YYYY-MM-DD); default 29 days before `to`" }),
    to: day.optional().meta({ description: "Last day (UTC, YYYY-MM-DD), included; default today" }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["from"], message: "must not be after to" });

/** The columns of the earnings CSV, in order. */
export const EARNINGS_CSV_COLUMNS = ["date", "item", "item_link", "kind", "payer", "amount_usdc", "fee_usdc", "net_usdc", "tx_hash", "receipt_url"] as const;
