import { describe, expect, it } from "vitest";
import { jsonWithKept, keptByRowText, keptForSameRows, type RowColumn } from "./row-text";

describe("keptByRowText", () => {
  const columns: RowColumn[] = [{ sql: 'c."id"', kind: "text" }, { sql: 'c."unlocks"', kind: "int" }, { sql: 'c."revenueAtomic"', kind: "bigint" }];
  const built: unknown[][] = [];
  const keptOf = (max: number, until?: (values: unknown[]) => number | undefined) =>
    keptByRowText<{ values: unknown[] }>(columns, max, (values) => {
      built.push(values);
      return { value: { values }, until: until?.(values) };
    });

  it("builds a row's value once for its text, with the columns' kinds", () => {
    built.length = 0;
    const kept = keptOf(10);
    const a = kept.of('["item-a",3,"12345678901234567890"]');
    expect(a.values).toEqual(["item-a", 3, 12345678901234567890n]);
    expect(kept.of('["item-a",3,"12345678901234567890"]')).toBe(a);
    expect(built).toHaveLength(1);
  });

  it("keeps one entry per row: a row's new text replaces the old, and only the exact text is answered", () => {
    built.length = 0;
    const kept = keptOf(10);
    const before = kept.of('["item-a",3,"30000"]');
    const after = kept.of('["item-a",4,"40000"]'); // a sale: the counters moved
    expect(after).not.toBe(before);
    expect(after.values).toEqual(["item-a", 4, 40000n]);
    expect(kept.size).toBe(1);
    // PostgreSQL writes `, ` between values: the same row, a new text.
    const pg = kept.of('["item-a", 4, "40000"]');
    expect(pg).not.toBe(after);
    expect(kept.size).toBe(1);
    expect(kept.of('["item-a",3,"30000"]')).not.toBe(before); // replaced, so built again, never the newer row's value
    expect(kept.of('["item-b",3,"30000"]').values[0]).toBe("item-b");
    expect(kept.size).toBe(2);
    expect(built).toHaveLength(5);
  });

  it("holds at most `max` rows, the least recently used going first, however many texts each row had", () => {
    const kept = keptOf(3);
    for (let sale = 0; sale < 100; sale++) for (const id of ["a", "b", "c"]) kept.of(`["${id}",${sale},"0"]`);
    expect(kept.size).toBe(3);
    const c = kept.of('["c",99,"0"]');
    kept.of('["a",99,"0"]');
    kept.of('["d",0,"0"]'); // b was the least recently used
    expect(kept.size).toBe(3);
    expect(kept.of('["c",99,"0"]')).toBe(c);
    built.length = 0;
    kept.of('["b",99,"0"]');
    expect(built).toHaveLength(1);
  });

  it("builds again after the value's last instant", () => {
    built.length = 0;
    const kept = keptOf(10, () => 1_000);
    const v = kept.of('["a",1,"0"]', 500);
    expect(kept.of('["a",1,"0"]', 1_000)).toBe(v);
    expect(kept.of('["a",1,"0"]', 1_001)).not.toBe(v);
    expect(built).toHaveLength(2);
  });

  it("two ids that share a prefix up to a comma take turns at one entry, each answered its own value", () => {
    const kept = keptOf(10);
    const one = kept.of('["x,1",1,"0"]');
    const two = kept.of('["x,2",2,"0"]');
    expect(one.values[0]).toBe("x,1");
    expect(two.values[0]).toBe("x,2");
    expect(kept.of('["x,1",1,"0"]').values).toEqual(["x,1", 1, 0n]);
  });

  it("refuses columns whose first is not the row's id", () => {
    expect(() => keptByRowText([{ sql: 'c."title"', kind: "text" }], 10, () => ({ value: 1 }))).toThrow(/first column must be the row's id/);
  });
});

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
