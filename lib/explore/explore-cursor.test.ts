import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { decodeExploreCursor, encodeExploreCursor, type ExploreCursor } from "./explore-cursor";

describe("explore cursors", () => {
  const cases: Array<[string, ExploreCursor, "trending" | "best-sellers" | "hot-new"]> = [
    ["a trending score to the last bit", { after: { order: "trending", trendScore: 7.416752947450199e29, id: "cmwxmjx5k000bne7dzqt69ijc" } }, "trending"],
    ["a tiny score", { after: { order: "trending", trendScore: 5e-324, id: "a" } }, "trending"],
    ["revenue past 2^53 atomic units", { after: { order: "best-sellers", unlocks: 3, revenueAtomic: 123456789012345678901n, views: 0, id: "b" } }, "best-sellers"],
    ["hot-new's fresh part", { after: { order: "trending", trendScore: 0, id: "c" }, cutoff: new Date("2026-11-19T10:00:00.123Z") }, "hot-new"],
    ["hot-new's older part", { after: { order: "newest", createdAt: new Date("2026-10-01T00:00:00.001Z"), id: "d" }, cutoff: new Date("2026-11-19T10:00:00.123Z") }, "hot-new"],
  ];
  it.each(cases)("gives back exactly what it encoded: %s", (_, cursor, sort) => {
    const text = encodeExploreCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]{8,400}$/);
    expect(decodeExploreCursor(text, sort, 0)).toEqual(cursor);
  });

  it("refuses a cursor with skip, of another sort, or not its own", () => {
    const trending = encodeExploreCursor(cases[0]![1]);
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof ApiError && e.status === 400;
      }
      return false;
    };
    expect(refused(() => decodeExploreCursor(trending, "trending", 20))).toBe(true);
    expect(refused(() => decodeExploreCursor(trending, "best-sellers", 0))).toBe(true);
    expect(refused(() => decodeExploreCursor(trending, "hot-new", 0))).toBe(true);
    expect(refused(() => decodeExploreCursor(encodeExploreCursor(cases[3]![1]), "trending", 0))).toBe(true);
    expect(refused(() => decodeExploreCursor(Buffer.from('{"o":"t","k":[1e999],"i":"x"}').toString("base64url"), "trending", 0))).toBe(true);
    expect(refused(() => decodeExploreCursor(Buffer.from([0xff, 0xfe, 0xfd, 0x80, 0x81]).toString("base64url"), "trending", 0))).toBe(true);
  });
});
