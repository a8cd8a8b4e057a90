import { describe, expect, it } from "vitest";
import { randomText } from "./random-text";

describe("randomText", () => {
  it("answers the asked length in hex and base64, never the same text twice, across refills of its pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const hex = randomText(16, "hex");
      expect(hex).toMatch(/^[0-9a-f]{32}$/);
      seen.add(hex);
    }
    expect(seen.size).toBe(1_000); // 16,000 bytes: the 4 KiB pool refilled three times
    expect(Buffer.from(randomText(16, "base64"), "base64")).toHaveLength(16);
    expect(randomText(256, "hex")).toHaveLength(512);
  });

  it("is uniform enough that every byte value turns up", () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 400; i++) for (const b of Buffer.from(randomText(256, "hex"), "hex")) counts[b]!++;
    expect(Math.min(...counts)).toBeGreaterThan(250); // 400 per value expected; P(< 250) is negligible
  });

  it("refuses a size it does not hand out", () => {
    for (const n of [0, -1, 1.5, 257]) expect(() => randomText(n, "hex")).toThrow(RangeError);
  });
});
