import { describe, expect, it } from "vitest";
import { jsonHole, jsonTemplate } from "./json-template";

describe("jsonTemplate", () => {
  const kept = () => ({
    x: 1,
    text: 'quotes " \\ </script> \u2028 Café 日本語 🎵',
    list: [{ id: jsonHole("a") }, { id: "fixed" }, jsonHole("b")],
    nested: { deep: { a: jsonHole("a"), c: jsonHole("c.d"), keep: [1, 2, 3] }, other: { k: true } },
    none: null,
  });
  const values = { a: "first", b: 'with " quote and \\ and \n newline', "c.d": "2026-11-28T18:00:00.000Z" };

  it("fills every hole in the text and the value alike, escaping the strings it puts in", () => {
    const template = jsonTemplate(kept());
    expect(template.holes).toEqual(["a", "b", "a", "c.d"]);
    const { value, text } = template.fill(values);
    const expected = { ...kept(), list: [{ id: "first" }, { id: "fixed" }, values.b], nested: { deep: { a: "first", c: values["c.d"], keep: [1, 2, 3] }, other: { k: true } } };
    expect(JSON.parse(text)).toEqual(expected);
    expect(value).toEqual(expected);
    expect(text).toBe(JSON.stringify(expected));
  });

  it("shares what has no hole, copies what leads to one, and never changes the kept value", () => {
    const source = kept();
    const template = jsonTemplate(source);
    const one = template.fill(values).value;
    const two = template.fill({ ...values, a: "second" }).value;
    expect(one.nested.other).toBe(source.nested.other);
    expect(one.nested.deep.keep).toBe(source.nested.deep.keep);
    expect(one.list[1]).toBe(source.list[1]);
    expect(one.nested.deep).not.toBe(source.nested.deep);
    const id = (node: unknown) => (node as { id: string }).id;
    expect([id(one.list[0]), id(two.list[0])]).toEqual(["first", "second"]);
    expect(id(source.list[0])).toBe(jsonHole("a"));
    expect(Object.isFrozen(source.nested.deep)).toBe(true);
    expect(() => {
      (source.nested.other as { k: boolean }).k = false;
    }).toThrow(TypeError);
  });

  it("a template without holes answers the kept value and its text", () => {
    const template = jsonTemplate({ a: [1, "b"] });
    expect(template.holes).toEqual([]);
    const filled = template.fill({});
    expect([filled.value, filled.text, filled.written]).toEqual([{ a: [1, "b"] }, '{"a":[1,"b"]}', []]);
    expect(template.pieces).toEqual(['{"a":[1,"b"]}']);
  });

  it("a value that is itself a hole is the string filled in", () => {
    const template = jsonTemplate(jsonHole("whole"));
    expect(template.holes).toEqual(["whole"]);
    const filled = template.fill({ whole: 'a "b"' });
    expect([filled.value, filled.text, filled.written]).toEqual(['a "b"', '"a \\"b\\""', ['"a \\"b\\""']]);
  });

  it("gives the kept pieces and each hole's written value, which join into the text", () => {
    const template = jsonTemplate(kept());
    const { text, written } = template.fill(values);
    expect(written).toEqual(template.holes.map((name) => JSON.stringify(values[name as keyof typeof values])));
    expect(template.pieces).toHaveLength(template.holes.length + 1);
    expect(template.pieces.map((piece, i) => piece + (written[i] ?? "")).join("")).toBe(text);
  });

  it("makes the filled value only when it is read, once", () => {
    const template = jsonTemplate(kept());
    const values = { a: "first", b: "second", "c.d": "third" };
    const filled = template.fill(values);
    values.a = "changed before the value was read";
    expect(filled.text).toContain('"first"');
    expect(filled.value.nested.deep.a).toBe("first");
    expect(JSON.stringify(filled.value)).toBe(filled.text);
    expect(filled.value).toBe(filled.value);
  });

  it("refuses a missing value, a hole as an object key, and a malformed name", () => {
    expect(() => jsonTemplate({ a: jsonHole("a") }).fill({})).toThrow(/no string for the hole "a"/);
    expect(() => jsonTemplate({ [jsonHole("k")]: 1 })).toThrow(/object key/);
    expect(() => jsonHole("has space")).toThrow(/not a hole name/);
  });
});
