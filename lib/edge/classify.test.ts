import { describe, expect, it } from "vitest";
import { API_ROUTES } from "@/lib/http/api-routes";
import { isApiPath, isBlogApiPath, requestKind } from "./classify";

describe("the paths the edge serves as API and as pages (lib/edge/classify.ts)", () => {
  it.each([
    ["/hub/widget.js", true], ["/hub/", true], ["/hub/explore/content", true], ["/quickshare/abc/meta", true],
    ["/quickshare/abc/media/video", true], ["/auth/nonce", true], ["/.well-known/x402", true], ["/health", true], ["/health/ready", true],
    ["/metrics", true], ["/mcp", true], ["/openapi.json", true],
    ["/", false], ["/explore", false], ["/qs/abc", false], ["/qs/abc/unlock", false], ["/api/openapi.json", false],
    ["/api/svc/status", false], ["/api/hub/stats", false], ["/health/x", false], ["/hubs", false], ["/mcpx", false],
    ["/sb/a.localhost/x", true], ["/sb", true], ["/sbx", false], ["/dashboard", false], ["/ledger", false], ["/svc.json", false],
    ["/explore/feed.xml", true], ["/explore/atom.xml", true], ["/explore/feed.json", true], ["/explore/x", false],
  ])("on the hub's host, %s is an API path: %s", (p, api) => {
    expect(isApiPath(p, null)).toBe(api);
  });

  it.each([
    ["/api/svc/status", true], ["/api/article/x", true], ["/api/uploads/x", false], ["/", false], ["/article/x", false], ["/svc.json", true],
    ["/feed.xml", true], ["/atom.xml", true], ["/feed.json", true], ["/svc.jsonx", false], ["/article/feed.xml", false], ["/hub/stats", true],
  ])(
    "on a blog's host, %s is an API path: %s", (p, api) => {
      expect(isApiPath(p, "alice.localhost")).toBe(api);
    });

  it.each([["/api/svc/status", true], ["/svc.json", true], ["/feed.json", true], ["/hub/stats", false], ["/auth/nonce", false], ["/explore/feed.xml", false]])(
    "on a blog's host, the API path %s is the blog's own (not the hub's): %s", (p, own) => {
      expect(isBlogApiPath(p)).toBe(own);
    });

  // POST /quickshare (no segment after it) and the legacy /api/ prefix are served as pages, which gives
  // them the same preflight, guard, security and CORS headers.
  it("every other hub API route is served as API", () => {
    for (const [route] of API_ROUTES) {
      const p = route.replace(/\[\[?\.{0,3}([^\]]+)\]\]?/g, "x");
      if (p === "/quickshare" || p.startsWith("/uploads/") || p.startsWith("/api/") || p.startsWith("/sb/")) continue;
      expect(isApiPath(p, null), p).toBe(true);
    }
  });

  it.each([
    ["/_next/static/x.js", null, "asset"], ["/uploads/a.png", null, "asset"], ["/api/uploads/a.png", "alice.localhost", "asset"], ["/favicon.ico", "alice.localhost", "asset"],
    ["/qs/abc", null, "page"], ["/article/x", "alice.localhost", "page"], ["/svc.json", "alice.localhost", "api"], ["/feed.xml", "alice.localhost", "api"], ["/api/hub/stats", null, "page"],
    ["/hub/stats", "alice.localhost", "api"], ["/api/svc/status", "alice.localhost", "api"], ["/sb/a.localhost/x", null, "api"],
  ] as const)("%s on %s is served as %s", (p, blog, kind) => {
    expect(requestKind(p, blog)).toBe(kind);
  });
});
