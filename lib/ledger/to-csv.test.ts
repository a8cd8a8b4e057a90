import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./to-csv";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=HYPERLINK(\"http://x\")", '"\'=HYPERLINK(""http://x"")"'],
    ["+1", "'+1"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["0.25", "0.25"],
    ["", ""],
  ])("%j → %j", (input, out) => expect(csvCell(input)).toBe(out));

  it("writes null as an empty cell and numbers as they are", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(12n)).toBe("12");
  });
});

describe("toCsv", () => {
  it("puts the header first and ends every line with CRLF", () => {
    expect(toCsv(["a", "b"], [["1", "x,y"]])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
