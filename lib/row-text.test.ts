import { describe, expect, it } from "vitest";
import { jsonWithKept, keptForSameRows } from "./row-text";

describe("keptForSameRows", () => {
  it("answers the kept value for the same objects in the same order, and builds again for anything else", () => {
    const kept = keptForSameRows<string>();
    const [a, b, c] = [{ n: 1 }, { n: 2 }, { n: 2 }];
    let builds = 0;
    const get = (key: string, rows: object[]) => kept(key, rows, () => `${key}:${++builds}`);
    expect(get("json", [a, b])).toBe("json:1");
    expect(get("json", [a, b])).toBe("json:1");
    expect(get("rss", [a, b])).toBe("rss:2"); // each key its own
    expect(get("json", [a, c])).toBe("json:3"); // an equal object is not the same row's
    expect(get("json", [b, a])).toBe("json:4");
    expect(get("json", [b])).toBe("json:5");
    expect(get("json", [b, a])).toBe("json:6"); // one kept value per key
  });
});

describe("jsonWithKept", () => {
  it("is JSON.stringify of the whole, the kept texts joined as they are", () => {
    const items = [{ a: 1, s: "\"x\"\u2028" }, { b: [null, true] }];
    const texts = items.map((i) => JSON.stringify(i));
    expect(jsonWithKept({ success: true }, "items", texts, { total: 2, next: null })).toBe(JSON.stringify({ success: true, items, total: 2, next: null }));
    expect(jsonWithKept({}, "items", [], {})).toBe(JSON.stringify({ items: [] }));
    expect(jsonWithKept({ a: 1 }, "items", texts, {})).toBe(JSON.stringify({ a: 1, items }));
    expect(jsonWithKept({}, "items", texts, { z: "z" })).toBe(JSON.stringify({ items, z: "z" }));
  });
});
