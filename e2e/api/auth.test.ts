import { describe, expect, it } from "vitest";
import { api, cookieFrom, expectError, getTerms, HUB_URL, signIn, siweMessage, WALLETS } from "../support/hub";

const { alice, bob } = WALLETS;

describe("GET /auth/nonce", () => {
  it("issues a fresh nonce with the terms the message must carry", async () => {
    const a = await api("/auth/nonce");
    const b = await api("/auth/nonce");
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ success: true, version: "1", chainId: 5042002, domain: new URL(HUB_URL).host, uri: HUB_URL });
    expect(a.body.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
    expect(a.body.nonce).not.toBe(b.body.nonce);
    expect(new Date(a.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("rejects a malformed address with the failing field named", async () => {
    const res = await api("/auth/nonce?address=0x123");
    expect(expectError(res, 400, "invalid-request").details).toContain("address");
  });
});

describe("POST /auth/verify", () => {
  it("signs in, then /auth/me answers with the wallet; logout kills the cookie", async () => {
    const terms = await getTerms();
    const message = siweMessage(alice, terms);
    const signature = await alice.signMessage({ message });
    const res = await api("/auth/verify", { json: { message, signature } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, wallet: alice.address });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^auth_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const cookie = cookieFrom(res.headers);

    const me = await api("/auth/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ success: true, wallet: alice.address, profile: null });

    const out = await api("/auth/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expectError(await api("/auth/me", { cookie }), 401, "unauthorized");
  });

  it("answers under the legacy /api prefix too", async () => {
    const cookie = await signIn(alice);
    const me = await api("/api/auth/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.body.wallet).toBe(alice.address);
  });

  it("refuses a replayed message (the nonce is single-use)", async () => {
    const message = siweMessage(alice, await getTerms());
    const signature = await alice.signMessage({ message });
    expect((await api("/auth/verify", { json: { message, signature } })).status).toBe(200);
    expectError(await api("/auth/verify", { json: { message, signature } }), 401, "invalid-nonce");
  });

  it("lets exactly one of two concurrent uses of a nonce win", async () => {
    const message = siweMessage(alice, await getTerms());
    const signature = await alice.signMessage({ message });
    const results = await Promise.all(Array.from({ length: 5 }, () => api("/auth/verify", { json: { message, signature } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it("refuses the same nonce in a second, differently worded message", async () => {
    const terms = await getTerms();
    const first = siweMessage(alice, terms);
    expect((await api("/auth/verify", { json: { message: first, signature: await alice.signMessage({ message: first }) } })).status).toBe(200);
    const second = siweMessage(bob, terms);
    expectError(await api("/auth/verify", { json: { message: second, signature: await bob.signMessage({ message: second }) } }), 401, "invalid-nonce");
  });

  const cases: Array<[string, (t: Awaited<ReturnType<typeof getTerms>>) => Parameters<typeof siweMessage>[2], string]> = [
    ["an expired message", () => ({ issuedAt: new Date(Date.now() - 3_600_000), expirationTime: new Date(Date.now() - 60_000) }), "invalid-signature"],
    ["another domain", () => ({ domain: "evil.example" }), "invalid-signature"],
    ["another URI", () => ({ uri: "https://evil.example/login" }), "invalid-signature"],
    ["another chain", () => ({ chainId: 1 }), "invalid-signature"],
    ["a message not valid yet", () => ({ notBefore: new Date(Date.now() + 3_600_000) }), "invalid-signature"],
    ["an unknown nonce", () => ({ nonce: "abcdefgh12345678" }), "invalid-nonce"],
  ];
  it.each(cases)("refuses %s with 401", async (_name, over, code) => {
    const terms = await getTerms();
    const message = siweMessage(alice, terms, over(terms));
    const signature = await alice.signMessage({ message });
    expectError(await api("/auth/verify", { json: { message, signature } }), 401, code);
  });

  it("refuses a signature made by another wallet, and the nonce stays usable", async () => {
    const terms = await getTerms();
    const message = siweMessage(alice, terms);
    expectError(await api("/auth/verify", { json: { message, signature: await bob.signMessage({ message }) } }), 401, "invalid-signature");
    expect((await api("/auth/verify", { json: { message, signature: await alice.signMessage({ message }) } })).status).toBe(200);
  });

  const bad: Array<[string, string, string]> = [
    ["malformed JSON", "{not json", "invalid-json"],
    ["wrong types", JSON.stringify({ message: 42, signature: true }), "invalid-request"],
    ["missing fields", JSON.stringify({}), "invalid-request"],
    ["an unknown field", JSON.stringify({ message: "x", signature: "0x00", admin: true }), "invalid-request"],
    ["a message that is not EIP-4361", JSON.stringify({ message: "hello", signature: "0x1234" }), "invalid-request"],
  ];
  it.each(bad)("answers 400 for %s", async (_name, body, code) => {
    const res = await api("/auth/verify", { body });
    const err = expectError(res, 400, code);
    if (code === "invalid-request" && body === JSON.stringify({ message: 42, signature: true })) {
      expect(err.details).toContain("message");
      expect(err.details).toContain("signature");
    }
  });
});

describe("session cookie", () => {
  it("refuses a cookie-authenticated write from another origin", async () => {
    const cookie = await signIn(alice);
    expectError(await api("/auth/logout", { method: "POST", cookie, origin: "https://evil.example" }), 403, "cross-origin");
    expect((await api("/auth/me", { cookie })).status).toBe(200);
    expect((await api("/auth/logout", { method: "POST", cookie, origin: HUB_URL })).status).toBe(200);
  });

  it("ignores a forged cookie", async () => {
    expectError(await api("/auth/me", { cookie: "auth_session=Fe26.2**forged" }), 401, "unauthorized");
  });
});

describe("CORS", () => {
  it("answers preflight and exposes the payment headers", async () => {
    const pre = await fetch(`${HUB_URL}/auth/nonce`, { method: "OPTIONS", headers: { origin: "https://agent.example", "access-control-request-method": "GET" } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-headers")).toContain("payment-signature");
    const res = await fetch(`${HUB_URL}/auth/nonce`, { headers: { origin: "https://agent.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toContain("PAYMENT-REQUIRED");
    expect(res.headers.get("access-control-expose-headers")).toContain("PAYMENT-RESPONSE");
  });
});
