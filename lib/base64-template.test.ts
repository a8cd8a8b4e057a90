import { describe, expect, it } from "vitest";
import { base64Template } from "./base64-template";
import { jsonHole, jsonTemplate } from "./json-template";

const decode = (b64: string) => Buffer.from(b64, "base64").toString("utf8");

describe("base64Template", () => {
  it("encodes kept parts once and values per call: the decoded text is the JSON with spaces between tokens", () => {
    // Kept parts and values of every UTF-8 length modulo 3, non-ASCII included (2-, 3- and 4-byte characters).
    const kept = { a: jsonHole("a"), é: "Café 日本語 🎵", list: [jsonHole("b"), "x", { c: jsonHole("c") }], n: 1 };
    const template = jsonTemplate(kept);
    const b64 = base64Template(template.kept);
    for (const values of [
      { a: "", b: "1", c: "22" },
      { a: "nonce-0123456789abcdef", b: "2026-12-02T14:00:00.000Z", c: "ü" },
      { a: 'quote " and \\ and \n', b: "日本", c: "🎵🎵" },
    ]) {
      const { text, written } = template.fill(values);
      const out = b64.encode(written);
      expect(out).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
      const decoded = decode(out);
      expect(JSON.parse(decoded)).toEqual(JSON.parse(text));
      expect(decoded.replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
      // Only the last part may end the base64 with padding.
      expect(out.slice(0, -4)).not.toContain("=");
    }
  });

  it("a text that starts with a value (an empty first part), and one with no values", () => {
    const template = base64Template(["", ',"b":2}']);
    expect(JSON.parse(decode(template.encode(['{"a":"é"'])))).toEqual({ a: "é", b: 2 });
    expect(decode(base64Template(['{"only":true}']).encode([]))).toBe('{"only":true}');
  });

  it("refuses the wrong number of values", () => {
    expect(() => base64Template(["{", "}"]).encode([])).toThrow(/1 values expected, 0 given/);
    expect(() => base64Template([])).toThrow(/at least one/);
  });
});
