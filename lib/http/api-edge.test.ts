import { describe, expect, it } from "vitest";
import { isApiEdgePath } from "./api-edge";
import { API_ROUTES } from "./api-routes";

describe("the paths the request hook serves as API (lib/http/api-edge.ts) and as pages (lib/http/page-edge.ts)", () => {
  it.each([
    ["/hub/widget.js", true], ["/hub/", true], ["/hub/explore/content", true], ["/quickshare/abc/meta", true],
    ["/quickshare/abc/media/video", true], ["/auth/nonce", true], ["/.well-known/x402", true], ["/health", true], ["/health/ready", true],
    ["/metrics", true], ["/mcp", true], ["/openapi.json", true],
    ["/", false], ["/explore", false], ["/qs/abc", false], ["/qs/abc/unlock", false], ["/api/openapi.json", false],
    ["/api/svc/status", false], ["/api/hub/stats", false], ["/health/x", false], ["/hubs", false], ["/mcpx", false],
    ["/sb/a.localhost/x", true], ["/sb", true], ["/sbx", false], ["/dashboard", false], ["/ledger", false], ["/svc.json", false],
    ["/explore/feed.xml", true], ["/explore/atom.xml", true], ["/explore/feed.json", true], ["/explore/x", false],
  ])("on the hub's host, %s is an API-edge path: %s", (p, api) => {
    expect(isApiEdgePath(p, null)).toBe(api);
  });

  it.each([["/api/svc/status", true], ["/api/article/x", true], ["/api/uploads/x", false], ["/", false], ["/article/x", false], ["/svc.json", false], ["/hub/stats", true]])(
    "on a blog's host, %s is an API-edge path: %s", (p, api) => {
      expect(isApiEdgePath(p, "alice.localhost")).toBe(api);
    });

  // POST /quickshare (no segment after it) and the legacy /api/ prefix pass the page edge, which gives
  // them the same preflight, guard, security and CORS headers.
  it("every other hub API route is served as API", () => {
    for (const [route] of API_ROUTES) {
      const p = route.replace(/\[\[?\.{0,3}([^\]]+)\]\]?/g, "x");
      if (p === "/quickshare" || p.startsWith("/uploads/") || p.startsWith("/api/") || p.startsWith("/sb/")) continue;
      expect(isApiEdgePath(p, null), p).toBe(true);
    }
  });
});
