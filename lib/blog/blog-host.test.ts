import { describe, expect, it } from "vitest";
import { blogDomainFor, blogTreePath, parseHostMap } from "./blog-host";

const hubOrigin = "https://hub.example";
const none = new Map<string, string>();

describe("blogDomainFor", () => {
  it.each([
    ["hub.example", null],
    ["hub.example:443", null],
    ["localhost:3000", null],
    ["127.0.0.1:3000", null],
    ["[::1]:3000", null],
    ["10.0.0.7", null],
    ["intranet", null],
    [null, null],
    ["alice.localhost:3000", "alice.localhost"],
    ["Alice.LocalHost", "alice.localhost"],
    ["quiet-letters.example", "quiet-letters.example"],
    ["quiet-letters.example.:8080", "quiet-letters.example"],
    ["bad_host.example", null],
  ])("%s → %s", (host, want) => {
    expect(blogDomainFor({ host, hubOrigin, hostMap: none })).toBe(want);
  });

  it("maps configured hosts, with or without their port", () => {
    const hostMap = parseHostMap(" blog.test:3000=Alice.localhost , 127.0.0.2=bob.localhost,broken");
    expect(blogDomainFor({ host: "blog.test:3000", hubOrigin, hostMap })).toBe("alice.localhost");
    expect(blogDomainFor({ host: "127.0.0.2:3000", hubOrigin, hostMap })).toBe("bob.localhost");
    expect(blogDomainFor({ host: "127.0.0.3:3000", hubOrigin, hostMap })).toBeNull();
    expect(hostMap.size).toBe(2);
  });
});

describe("blogTreePath", () => {
  it("puts a blog's path under /sb/<domain>, its root as the tree itself", () => {
    expect(blogTreePath("alice.localhost", "/")).toBe("/sb/alice.localhost");
    expect(blogTreePath("alice.localhost", "/article/x")).toBe("/sb/alice.localhost/article/x");
  });
});
