import { describe, expect, it } from "vitest";
import { lruMemo } from "./lru-memo";

describe("lruMemo", () => {
  it("stays bounded and drops the least recently used first", () => {
    const memo = lruMemo<number>(3);
    for (const k of ["a", "b", "c"]) memo.get(k, () => k.charCodeAt(0));
    memo.get("a", () => -1); // used again: "b" is now the oldest
    memo.get("d", () => 4);
    expect(memo.size).toBe(3);
    expect(memo.get("a", () => -1)).toBe(97);
    expect(memo.get("b", () => -2)).toBe(-2); // was dropped, computed again
  });

  it("peek answers without computing and counts as a use; set replaces and keeps the bound", () => {
    const memo = lruMemo<string>(2);
    expect(memo.peek("x")).toBeUndefined();
    expect(memo.size).toBe(0);
    memo.set("x", "1");
    memo.set("y", "2");
    expect(memo.peek("x")).toBe("1"); // "y" is now the oldest
    memo.set("z", "3");
    expect(memo.peek("y")).toBeUndefined();
    memo.set("x", "one"); // a replaced value, not a second entry
    expect(memo.size).toBe(2);
    expect(memo.peek("x")).toBe("one");
    memo.clear();
    expect(memo.size).toBe(0);
  });

  it("keeps recency from half full on: a value used since outlives those that were not", () => {
    const memo = lruMemo<string>(8);
    for (const k of ["a", "b", "c", "d"]) memo.set(k, k);
    expect(memo.peek("a")).toBe("a"); // half full: a plain lookup
    memo.set("e", "e");
    expect(memo.peek("a")).toBe("a"); // past half: "a" is now the most recently used
    for (const k of ["f", "g", "h", "i", "j"]) memo.set(k, k);
    expect(memo.size).toBe(8);
    expect(["a", "b", "c", "d"].map((k) => memo.peek(k))).toEqual(["a", undefined, undefined, "d"]);
  });
});
