import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import type { EXPLORE_SORTS } from "@/lib/schemas/explore";

/**
 * Where an explore page ended: the last card's columns in its order, and its id. The next page starts
 * strictly after it, right there in the order's index (lib/explore/explore-content.ts), so a deep page
 * costs what the first does. hot-new walks two orders (its fresh part by trending score, then older
 * content newest first) from one fixed window start, which its cursors carry.
 */
export type Position =
  | { order: "trending"; trendScore: number; id: string }
  | { order: "best-sellers"; unlocks: number; revenueAtomic: bigint; views: number; id: string }
  | { order: "newest"; createdAt: Date; id: string };

export type ExploreCursor = { after: Position; cutoff?: Date };

type Sort = (typeof EXPLORE_SORTS)[number];

// The wire form, base64url of compact JSON: o = order, k = the order's columns, i = id, h = hot-new's window start (ms).
const id = z.string().min(1).max(100);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ms = z.number().int().min(0).max(8.64e15);
const wire = z.discriminatedUnion("o", [
  z.strictObject({ o: z.literal("t"), k: z.tuple([z.number()]), i: id, h: ms.optional() }),
  z.strictObject({ o: z.literal("b"), k: z.tuple([count, z.string().regex(/^\d{1,30}$/), count]), i: id }),
  z.strictObject({ o: z.literal("n"), k: z.tuple([ms]), i: id, h: ms.optional() }),
]);
type Wire = z.infer<typeof wire>;

export function encodeExploreCursor({ after, cutoff }: ExploreCursor): string {
  const h = cutoff === undefined ? {} : { h: cutoff.getTime() };
  const w: Wire =
    after.order === "trending"
      ? { o: "t", k: [after.trendScore], i: after.id, ...h }
      : after.order === "best-sellers"
        ? { o: "b", k: [after.unlocks, after.revenueAtomic.toString(), after.views], i: after.id }
        : { o: "n", k: [after.createdAt.getTime()], i: after.id, ...h };
  return Buffer.from(JSON.stringify(w)).toString("base64url");
}

/** A cursor back from a client, for a request of `sort`: a 400 unless explore gave it out for that sort. */
export function decodeExploreCursor(cursor: string, sort: Sort, skip: number): ExploreCursor {
  if (skip !== 0) throw new ApiError("invalid-request", "Use either skip or cursor, not both: a cursor already says where the page starts");
  const w = parseWire(cursor);
  const h = "h" in w ? w.h : undefined;
  const fits = sort === "hot-new" ? w.o !== "b" && h !== undefined : h === undefined && w.o === (sort === "trending" ? "t" : "b");
  if (!fits) throw new ApiError("invalid-request", `This cursor continues another sort's list: pass it back with the sort of the page that gave it (sort=${sort} here)`);
  const cutoff = h === undefined ? {} : { cutoff: new Date(h) };
  if (w.o === "t") return { after: { order: "trending", trendScore: w.k[0], id: w.i }, ...cutoff };
  if (w.o === "b") return { after: { order: "best-sellers", unlocks: w.k[0], revenueAtomic: BigInt(w.k[1]), views: w.k[2], id: w.i } };
  return { after: { order: "newest", createdAt: new Date(w.k[0]), id: w.i }, ...cutoff };
}

function parseWire(cursor: string): Wire {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    json = undefined;
  }
  const parsed = wire.safeParse(json);
  if (!parsed.success) throw new ApiError("invalid-request", "cursor is not one explore gave out: pass an earlier page's nextCursor unchanged");
  return parsed.data;
}
