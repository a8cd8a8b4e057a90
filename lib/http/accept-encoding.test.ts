import { describe, expect, it } from "vitest";
import { acceptsGzip, appendVary } from "./accept-encoding";

describe("acceptsGzip", () => {
  it.each([
    ["gzip", true],
    ["gzip, deflate, br", true],
    ["br;q=1.0, GZIP;q=0.5", true],
    ["x-gzip", true],
    ["*", true],
    [" deflate , * ; q=0.1", true],
    [["br", "gzip"], true],
  ] as const)("accepts %j", (header, expected) => expect(acceptsGzip(header as string | string[])).toBe(expected));

  it.each([
    [undefined],
    [null],
    [""],
    ["identity"],
    ["br, deflate"],
    ["gzip;q=0"],
    ["gzip;q=0.000"],
    ["*;q=1, gzip;q=0"], // named with q=0: the star does not bring it back
    ["gzip;q=0, *"],
    ["*;q=0"],
    ["gzip;q=abc"], // a malformed weight is not a yes
    ["gzip;q=2"],
    ["gzipx, xgzip"],
  ] as const)("refuses %j", (header) => expect(acceptsGzip(header)).toBe(false));
});

describe("appendVary", () => {
  it("adds a name once, case-insensitively, and never beside *", () => {
    expect(appendVary(undefined, "Accept-Encoding")).toBe("Accept-Encoding");
    expect(appendVary("rsc, next-router-state-tree", "Accept-Encoding")).toBe("rsc, next-router-state-tree, Accept-Encoding");
    expect(appendVary("accept-encoding", "Accept-Encoding")).toBe("accept-encoding");
    expect(appendVary("*", "Accept-Encoding")).toBe("*");
  });
});
