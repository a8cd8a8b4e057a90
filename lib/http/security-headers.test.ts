import { afterEach, describe, expect, it, vi } from "vitest";

// Secrets given explicitly, so loading the configuration writes nothing into a data directory.
const SECRETS = { SESSION_PASSWORD: "s".repeat(32), UNLOCK_PROOF_SECRET: "u".repeat(32), PEER_SECRET: "p".repeat(32), BLOB_KEY: "ab".repeat(32) };

/** lib/env and lib/http/security-headers loaded fresh under `vars`. */
async function load(vars: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries({ ...SECRETS, NODE_ENV: "production", HUB_ORIGIN: "http://localhost:3000", RPC_URL: "http://127.0.0.1:8545", ...vars })) vi.stubEnv(k, v);
  const mod = await import("./security-headers");
  const { getEnv } = await import("@/lib/env");
  return { ...mod, getEnv };
}

const policy = (h: { response: [string, string][] }) => Object.fromEntries(h.response)["content-security-policy"]!;

describe("securityHeaders", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("production pages: nonce and strict-dynamic, no eval, the public RPC, frames refused, no HSTS on http", async () => {
    const { securityHeaders, NONCE_HEADER } = await load({ PUBLIC_RPC_URL: "https://rpc.example/v1/key" });
    const h = securityHeaders({ headers: new Headers({ accept: "text/html" }), pathname: "/explore", blogOrigin: null });
    expect(policy(h)).toContain(`script-src 'self' 'nonce-${h.nonce}' 'strict-dynamic';`);
    expect(policy(h)).not.toContain("unsafe-eval");
    expect(policy(h)).toContain("connect-src 'self' https://rpc.example;");
    expect(policy(h)).toContain("frame-ancestors 'none'");
    expect(h.request.get(NONCE_HEADER)).toBe(h.nonce);
    expect(h.request.get("content-security-policy")).toBe(policy(h));
    expect(h.request.get("accept")).toBe("text/html");
    const r = Object.fromEntries(h.response);
    expect(r["x-frame-options"]).toBe("DENY");
    expect(r["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(r["strict-transport-security"]).toBeUndefined();
  });

  it("share pages send no referrer; media get the sandbox policy; a blog adds its origin", async () => {
    const { securityHeaders, MEDIA_POLICY } = await load({});
    const at = (pathname: string, blogOrigin: string | null = null) => securityHeaders({ headers: new Headers(), pathname, blogOrigin });
    expect(Object.fromEntries(at("/qs/AbCdEfGh").response)["referrer-policy"]).toBe("no-referrer");
    expect(Object.fromEntries(at("/qs/AbCdEfGh/unlock").response)["referrer-policy"]).toBe("no-referrer");
    for (const p of ["/quickshare/AbCdEfGh/media/photo", "/api/quickshare/AbCdEfGh/cover", "/api/svc/media/p1/photo", "/sb/a.localhost/api/svc/media/p1/photo"]) {
      expect(policy(at(p)), p).toBe(MEDIA_POLICY);
    }
    expect(policy(at("/quickshare/AbCdEfGh/meta"))).not.toBe(MEDIA_POLICY);
    const blog = policy(at("/article/x", "http://alice.localhost:3000"));
    expect(blog).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:8545 http:\/\/alice\.localhost:3000 \S+;/); // + the hub's origin
    expect(blog).toMatch(/img-src [^;]* https:;/);
  });

  it("gives every request a fresh nonce, whatever the client sent", async () => {
    const { securityHeaders, NONCE_HEADER } = await load({});
    const sent = new Headers({ [NONCE_HEADER]: "QUJDREVGR0hJSktMTU5PUA==" });
    const a = securityHeaders({ headers: sent, pathname: "/", blogOrigin: null });
    const b = securityHeaders({ headers: sent, pathname: "/", blogOrigin: null });
    expect(a.nonce).not.toBe("QUJDREVGR0hJSktMTU5PUA==");
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.request.get(NONCE_HEADER)).toBe(a.nonce);
  });

  it("development allows eval; https adds HSTS and upgrades; settings add embedding sites and a media CDN", async () => {
    const dev = await load({ NODE_ENV: "development" });
    expect(policy(dev.securityHeaders({ headers: new Headers(), pathname: "/", blogOrigin: null }))).toContain("'strict-dynamic' 'unsafe-eval';");
    const { securityHeaders } = await load({ HUB_ORIGIN: "https://hub.example", FRAME_ANCESTORS: "https://a.example, https://b.example:8443/path", CSP_MEDIA_ORIGINS: "https://cdn.example" });
    const h = securityHeaders({ headers: new Headers(), pathname: "/", blogOrigin: null });
    const r = Object.fromEntries(h.response);
    expect(policy(h)).toContain("frame-ancestors https://a.example https://b.example:8443;");
    expect(policy(h)).toContain("img-src 'self' data: blob: https://cdn.example;");
    expect(policy(h)).toMatch(/upgrade-insecure-requests$/);
    expect(r["x-frame-options"]).toBeUndefined();
    expect(r["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("an answer that is no page: scripts refused, no nonce, the same kept list per origin and kind of path", async () => {
    const { answerSecurityHeaders, securityHeaders, MEDIA_POLICY } = await load({});
    const a = answerSecurityHeaders({ pathname: "/hub/stats", blogOrigin: null });
    expect(policy({ response: a })).toContain("script-src 'none';");
    expect(policy({ response: a })).not.toContain("nonce-");
    expect(answerSecurityHeaders({ pathname: "/hub/explore/content", blogOrigin: null })).toBe(a); // kept, not made again
    const page = securityHeaders({ headers: new Headers(), pathname: "/hub/stats", blogOrigin: null });
    expect(policy({ response: a })).toBe(policy(page).replace(/script-src [^;]*;/, "script-src 'none';")); // otherwise the page policy
    expect(a.map(([name]) => name)).toEqual(page.response.map(([name]) => name));
    expect(policy({ response: answerSecurityHeaders({ pathname: "/quickshare/AbCdEfGh/media/photo", blogOrigin: null }) })).toBe(MEDIA_POLICY);
    expect(Object.fromEntries(answerSecurityHeaders({ pathname: "/qs/AbCdEfGh", blogOrigin: null }))["referrer-policy"]).toBe("no-referrer");
    const blog = answerSecurityHeaders({ pathname: "/api/svc/status", blogOrigin: "http://alice.localhost:3000" });
    expect(blog).not.toBe(a);
    expect(policy({ response: blog })).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:8545 http:\/\/alice\.localhost:3000 \S+;/);
  });

  it("a setting that is not an http(s) origin is refused", async () => {
    for (const [k, v] of [["FRAME_ANCESTORS", "javascript:alert(1)"], ["CSP_MEDIA_ORIGINS", "https://cdn.example; script-src *"], ["FRAME_ANCESTORS", "data:text/html,x"]]) {
      const { getEnv } = await load({ [k!]: v! });
      expect(() => getEnv(), `${k}=${v}`).toThrow(new RegExp(k!));
    }
  });
});
