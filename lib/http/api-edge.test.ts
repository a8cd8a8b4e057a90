import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROXY_FREE_PATH } from "./api-edge";
import { API_ROUTES } from "./api-routes";

// proxy.ts's matcher as Next compiles it for a plain path: "^" + the pattern + "$" (read from the
// source, since the config must stay a literal Next can analyse).
const source = readFileSync(path.join(__dirname, "../../proxy.ts"), "utf8");
const literal = /matcher:\s*\[\s*\{\s*source:\s*"((?:[^"\\]|\\.)*)"/.exec(source)?.[1];
const proxied = (p: string) => new RegExp(`^${JSON.parse(`"${literal}"`)}$`).test(p);

describe("the API paths the request hook serves, which proxy.ts's pattern (a blog's pages) leaves out", () => {
  it("proxy.ts has one matcher pattern", () => {
    expect(literal).toBeTruthy();
  });

  it.each([
    ["/hub/widget.js", true], ["/hub/", true], ["/hub/explore/content", true], ["/quickshare/abc/meta", true],
    ["/quickshare/abc/media/video", true], ["/auth/nonce", true], ["/.well-known/x402", true], ["/health", true],
    ["/metrics", true], ["/mcp", true], ["/openapi.json", true],
    ["/", false], ["/explore", false], ["/qs/abc", false], ["/qs/abc/unlock", false], ["/api/openapi.json", false],
    ["/api/svc/status", false], ["/api/hub/stats", false], ["/health/x", false], ["/hubs", false], ["/mcpx", false],
    ["/sb/a.localhost/x", true], ["/sb", true], ["/sbx", false], ["/dashboard", false], ["/ledger", false], ["/svc.json", false],
  ])("%s: proxy-free %s, and the proxy runs exactly where the hook does not guard", (p, free) => {
    expect(PROXY_FREE_PATH.test(p)).toBe(free);
    expect(proxied(p)).toBe(!free);
  });

  it("every API route is either proxy-free or still under the proxy, never neither", () => {
    for (const [route] of API_ROUTES) {
      const p = route.replace(/\[\[?\.{0,3}([^\]]+)\]\]?/g, "x");
      if (p.startsWith("/uploads/") || p.startsWith("/api/uploads/")) continue; // skipped by both (30 MB bodies)
      expect(PROXY_FREE_PATH.test(p) !== proxied(p), p).toBe(true);
    }
  });
});
