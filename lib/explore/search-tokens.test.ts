import { describe, expect, it } from "vitest";
import { searchTokens } from "./search-tokens";

describe("searchTokens", () => {
  it.each([
    ["Hello, World!", ["hello", "world"]],
    ["foo-bar_baz e-mail@x.com v1.2.3", ["foo", "bar", "baz", "e", "mail", "x", "com", "v1", "2", "3"]],
    ["Café ÉCOLE Straße", ["café", "école", "straße"]],
    ["ﬁne Ｆｕｌｌ", ["fine", "full"]], // NFKC: ligatures and full-width forms
    ["東京タワー ok", ["東京タワー", "ok"]],
    ['"quoted"* NEAR(a b) -x OR y & !z :* \'q\'', ["quoted", "near", "a", "b", "x", "or", "y", "z", "q"]],
    ["\uD800 lone \uFFFD surrogate 😀", ["lone", "surrogate"]],
    ["", []],
    ["%%% ***", []],
  ])("%j", (text, want) => expect(searchTokens(text)).toEqual(want));

  it("cuts a word at 64 code points", () => {
    expect(searchTokens("é".repeat(100))).toEqual(["é".repeat(64)]);
  });
});
