import { describe, expect, it } from "vitest";
import { audienceOf } from "./audience-of";
import { audiencePolicySchema, describeAudiences, policyView, resolveAudiencePrice, storedPolicy } from "./audience-policy";
import { decideAccess, type AccessGate } from "./decide-access";
import type { Viewer } from "./resolve-viewer";

const LIST = 1_000_000n;

describe("resolveAudiencePrice", () => {
  const rows: [string, string | null, "humans" | "agents", { decision: string; priceAtomic: bigint }][] = [
    ["no policy: list price", null, "agents", { decision: "paid", priceAtomic: LIST }],
    ["word paid", "paid", "humans", { decision: "paid", priceAtomic: LIST }],
    ["word free", "free", "agents", { decision: "free", priceAtomic: 0n }],
    ["word blocked", "blocked", "humans", { decision: "blocked", priceAtomic: 0n }],
    ["interface form, agents blocked", '{"humans":"paid","agents":"blocked"}', "agents", { decision: "blocked", priceAtomic: 0n }],
    ["interface form, humans still pay", '{"humans":"paid","agents":"blocked"}', "humans", { decision: "paid", priceAtomic: LIST }],
    ["case and spaces in words", '{"humans":" PAID ","agents":"Free"}', "agents", { decision: "free", priceAtomic: 0n }],
    ["own agent price", '{"humans":"paid","agents":{"mode":"paid","price":"0.25"}}', "agents", { decision: "paid", priceAtomic: 250_000n }],
    ["own agent price leaves humans at list", '{"humans":"paid","agents":{"mode":"paid","price":"0.25"}}', "humans", { decision: "paid", priceAtomic: LIST }],
    ["missing audience pays list", '{"agents":"free"}', "humans", { decision: "paid", priceAtomic: LIST }],
    ["own price 0 is free", '{"agents":{"mode":"paid","price":"0"}}', "agents", { decision: "free", priceAtomic: 0n }],
    ["unreadable JSON: list price", '{"humans":', "agents", { decision: "paid", priceAtomic: LIST }],
    ["unknown word: list price", "subscription", "agents", { decision: "paid", priceAtomic: LIST }],
  ];
  it.each(rows)("%s", (_n, policy, audience, expected) => {
    expect(resolveAudiencePrice({ policy, listPriceAtomic: LIST, audience })).toEqual(expected);
  });

  it("a free list price stays free unless the audience has its own price", () => {
    expect(resolveAudiencePrice({ policy: "paid", listPriceAtomic: 0n, audience: "humans" })).toEqual({ decision: "free", priceAtomic: 0n });
    expect(resolveAudiencePrice({ policy: '{"agents":{"mode":"paid","price":"0.1"}}', listPriceAtomic: 0n, audience: "agents" })).toEqual({ decision: "paid", priceAtomic: 100_000n });
  });
});

describe("audiencePolicySchema", () => {
  it.each([["paid"], [{ humans: "paid", agents: "blocked" }], [{ agents: { mode: "paid", price: "0.5" } }], [{ humans: { mode: "free" } }]])("accepts %j", (v) => {
    expect(audiencePolicySchema.safeParse(v).success).toBe(true);
  });
  it.each([["sometimes"], [{ agents: { mode: "free", price: "1" } }], [{ agents: { mode: "paid", price: "-1" } }], [{ agents: { mode: "paid", price: "0.1234567" } }], [{ robots: "paid" }]])("rejects %j", (v) => {
    expect(audiencePolicySchema.safeParse(v).success).toBe(false);
  });
});

describe("storedPolicy, policyView, describeAudiences", () => {
  it("stores null for the default and canonical JSON otherwise, and reads it back", () => {
    expect(storedPolicy(null)).toBeNull();
    expect(storedPolicy("paid")).toBeNull();
    expect(storedPolicy({ humans: "paid" })).toBeNull();
    const s = storedPolicy(audiencePolicySchema.parse({ agents: { mode: "paid", price: "0.50" } }));
    expect(s).toBe('{"humans":"paid","agents":{"mode":"paid","price":"0.5"}}');
    expect(policyView(s)).toEqual({ humans: { mode: "paid", price: null }, agents: { mode: "paid", price: "0.5" } });
  });
  it("describes what each audience pays for a card", () => {
    expect(describeAudiences({ policy: '{"humans":"paid","agents":"blocked"}', listPriceAtomic: 2_000_000n })).toEqual({ humans: { mode: "paid", price: "2" }, agents: { mode: "blocked", price: "0" } });
    expect(describeAudiences({ policy: "free", listPriceAtomic: 2_000_000n })).toEqual({ humans: { mode: "free", price: "0" }, agents: { mode: "free", price: "0" } });
  });
});

describe("audienceOf", () => {
  it("declared agents, MCP and the facilitator are agents; everyone else is human", () => {
    expect(audienceOf({ actor: "agent" })).toBe("agents");
    expect(audienceOf({ actor: "human" })).toBe("humans");
    expect(audienceOf({ actor: null })).toBe("humans");
    expect(audienceOf({ via: "mcp" })).toBe("agents");
    expect(audienceOf({ via: "facilitator", actor: "human" })).toBe("agents");
  });
});

describe("decideAccess per audience", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const W = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
  const gate = (audiencePolicy: string | null, over: Partial<AccessGate> = {}): AccessGate => ({
    status: "active", expiresAt: new Date(now.getTime() + 3_600_000), priceAtomic: LIST, whitelistPriceAtomic: null, publicAccess: true, legacyUrl: null, hasBody: true, audiencePolicy, ...over,
  });
  const anon: Viewer = { wallet: null, possessed: false, proof: "none", liveProof: null };
  const owned: Viewer = { wallet: W, possessed: true, proof: "none", liveProof: null };
  const decide = (g: AccessGate, audience: "humans" | "agents", viewer = anon, entitlement: "active" | null = null, whitelisted = false) =>
    decideAccess({ gate: g, viewer, whitelisted, entitlement, purpose: "access", now, audience, noun: "share" });

  it("blocks the blocked audience before any charge, even with an entitlement", () => {
    const g = gate('{"humans":"paid","agents":"blocked"}');
    expect(decide(g, "agents")).toMatchObject({ outcome: "deny", code: "audience-blocked" });
    expect(decide(g, "agents", owned, "active")).toMatchObject({ outcome: "deny", code: "audience-blocked" });
    expect(decide(g, "humans")).toEqual({ outcome: "charge", amountAtomic: LIST, tier: "public" });
  });
  it("charges each audience its own price", () => {
    const g = gate('{"humans":"paid","agents":{"mode":"paid","price":"0.2"}}');
    expect(decide(g, "agents")).toEqual({ outcome: "charge", amountAtomic: 200_000n, tier: "public" });
    expect(decide(g, "humans")).toEqual({ outcome: "charge", amountAtomic: LIST, tier: "public" });
  });
  it("grants a free audience without payment", () => {
    expect(decide(gate('{"agents":"free"}'), "agents")).toEqual({ outcome: "grant", via: "free", entitle: null, issueProof: false });
  });
  it("a whitelist price never exceeds the audience's price", () => {
    const g = gate('{"agents":{"mode":"paid","price":"0.1"}}', { whitelistPriceAtomic: 500_000n });
    expect(decide(g, "agents", owned, null, true)).toEqual({ outcome: "charge", amountAtomic: 100_000n, tier: "whitelist" });
    expect(decide(g, "humans", owned, null, true)).toEqual({ outcome: "charge", amountAtomic: 500_000n, tier: "whitelist" });
  });
  it("without an audience the decision is the humans' (pages)", () => {
    expect(decideAccess({ noun: "share", gate: gate('{"humans":"blocked"}'), viewer: anon, whitelisted: false, entitlement: null, purpose: "access", now })).toMatchObject({ outcome: "deny", code: "audience-blocked" });
  });
});

describe("the editors' Agents setting", () => {
  it("reads a stored policy and writes one back, keeping the humans' rule", async () => {
    const { agentsChoiceOf, policyWithAgents } = await import("./agents-choice");
    const view = policyView('{"humans":"free","agents":{"mode":"paid","price":"0.2"}}');
    expect(agentsChoiceOf(view)).toEqual({ mode: "own", price: "0.2" });
    expect(agentsChoiceOf(policyView(null))).toEqual({ mode: "same", price: "" });
    expect(agentsChoiceOf(policyView('{"agents":"blocked"}'))).toEqual({ mode: "blocked", price: "" });
    expect(storedPolicy(audiencePolicySchema.parse(policyWithAgents(view, { mode: "blocked", price: "" })))).toBe('{"humans":"free","agents":"blocked"}');
    expect(storedPolicy(audiencePolicySchema.parse(policyWithAgents(null, { mode: "same", price: "" })))).toBeNull();
    expect(policyWithAgents(null, { mode: "own", price: " 0.3 " })).toEqual({ humans: "paid", agents: { mode: "paid", price: "0.3" } });
  });
});
