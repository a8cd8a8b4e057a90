import { describe, expect, it } from "vitest";
import { normalizeDomain } from "./normalize-domain";
import { buildSearchText } from "./search-text";
import { parseSiteFetchAllowlist } from "./site-fetch-allowlist";

describe("normalizeDomain", () => {
  it.each([
    ["Quiet-Letters.example", "quiet-letters.example"],
    ["https://www.Quiet-Letters.example:8443/posts/1?x=1#top", "quiet-letters.example"],
    ["blog.quiet-letters.example.", "blog.quiet-letters.example"],
    ["bücher.example", "xn--bcher-kva.example"],
    ["93.184.216.34", "93.184.216.34"],
  ])("%s → %s", (input, out) => expect(normalizeDomain(input)).toBe(out));

  it.each(["localhost", "", "   ", "http://", "no spaces.example", "-bad.example", "a..example", "1.2.3.4.5", "[::1]", "x".repeat(64) + ".example", "under_score.example"])(
    "refuses %j",
    (input) => expect(normalizeDomain(input)).toBeNull(),
  );
});

describe("buildSearchText", () => {
  it("joins the words of the searchable fields in lowercase, split at spaces and punctuation", () => {
    expect(buildSearchText({ title: "Ünïcode TITLE", description: "A  Desc", tags: "Art,Print", siteName: "Pixel Press", domain: "pixel-press.example" })).toBe(
      "ünïcode title a desc art print pixel press pixel press example",
    );
  });
});

describe("parseSiteFetchAllowlist", () => {
  it("parses bare hosts and pinned hosts", () => {
    expect(parseSiteFetchAllowlist(" creator.test=127.0.0.1:4567, other.test ,v6.test=[::1]:80,")).toEqual([
      { host: "creator.test", address: "127.0.0.1", port: 4567 },
      { host: "other.test" },
      { host: "v6.test", address: "::1", port: 80 },
    ]);
    expect(parseSiteFetchAllowlist("")).toEqual([]);
    expect(() => parseSiteFetchAllowlist("x.test=not-an-ip")).toThrow(/IP address/);
  });
});
