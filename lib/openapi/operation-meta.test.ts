import { describe, expect, it } from "vitest";
import { openapiDocument } from "./document";
import { operationIdFor } from "./operation-meta";

const METHODS = ["get", "put", "post", "delete", "patch"];

describe("OpenAPI operation metadata", () => {
  it("derives camelCase operationIds from method and path", () => {
    expect(operationIdFor("get", "/quickshare/{slug}/access")).toBe("getQuickshareBySlugAccess");
    expect(operationIdFor("post", "/hub/pay")).toBe("postHubPay");
    expect(operationIdFor("get", "/.well-known/x402")).toBe("getWellKnownX402");
    expect(operationIdFor("delete", "/api/admin/posts/{key}")).toBe("deleteApiAdminPostsByKey");
    expect(operationIdFor("get", "/sitemap-sites.xml")).toBe("getSitemapSitesXml");
  });

  it("gives every operation a unique operationId, and every operation that can answer 402 x-payment-info", () => {
    const ids = new Map<string, string>();
    let paid = 0;
    for (const [path, item] of Object.entries(openapiDocument().paths ?? {})) {
      for (const method of METHODS) {
        const op = (item as Record<string, any>)[method];
        if (!op) continue;
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.get(op.operationId), `${op.operationId} twice`).toBeUndefined();
        ids.set(op.operationId, `${method} ${path}`);
        const can402 = "402" in (op.responses ?? {});
        expect(!!op["x-payment-info"], `${method} ${path}`).toBe(can402);
        if (can402) {
          paid++;
          expect(op["x-payment-info"]).toMatchObject({ price: { mode: "dynamic", currency: "USD" }, protocols: [{ x402: expect.any(Object) }] });
        }
      }
    }
    expect(ids.size).toBeGreaterThan(50);
    expect(paid).toBeGreaterThanOrEqual(4); // /hub/pay, share access and unlock, post access, tips
    expect(ids.get("postHubPay")).toBe("post /hub/pay");
  });
});
