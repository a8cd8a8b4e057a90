import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError } from "../support/hub";
import { testDb } from "../support/db";
import type { ActivityInput } from "../../lib/ledger/activity-input";
import { recordActivity } from "../../lib/ledger/record-activity";

const domain = `ledger-${randomBytes(4).toString("hex")}.example`;
const network = "testnet";
const base = Date.now() - 60_000;
let seq = 0;
const at = () => new Date(base + 1000 * seq++);
const wallet = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

// Activity of every kind on one fresh domain, as the writers of each capability record it.
const FIXTURE = [
  { type: "view" }, { type: "view" }, { type: "view" },
  { type: "unlock" }, { type: "unlock" },
  { type: "payment", amountAtomic: 250_000n, revenueAtomic: 250_000n, protocolFeeAtomic: 2_500n, txHash: "0xaa", payerWallet: wallet, status: "settled" },
  { type: "payment", amountAtomic: 10_000n, revenueAtomic: 10_000n, protocolFeeAtomic: 0n, payerWallet: wallet, status: "locked" },
  { type: "rating", score: 45, proofType: "onchain", proof: "onchain:0xbb", walletAddress: wallet },
  { type: "tip", subkind: "settled", amountAtomic: 1_000_000n, revenueAtomic: 1_000_000n, protocolFeeAtomic: 10_000n, payerWallet: wallet },
  { type: "tip", subkind: "refunded", amountAtomic: 500_000n, revenueAtomic: 500_000n, payerWallet: wallet, status: "refunded" },
  { type: "tip", subkind: "refund", amountAtomic: -500_000n, revenueAtomic: -500_000n, payerWallet: wallet },
  { type: "quickshare", subkind: "view", contentTitle: "SECRET TITLE", contentUrl: "http://hub/qs/SECRETSL" },
  { type: "quickshare", subkind: "view" },
  { type: "quickshare", subkind: "unlock", amountAtomic: 50_000n, revenueAtomic: 50_000n, txHash: "0xcc", payerWallet: wallet, contentTitle: "SECRET TITLE" },
] as const;

beforeAll(async () => {
  // Through the one ledger writer, as every capability records its rows (it also moves the running totals).
  for (const row of FIXTURE) {
    await recordActivity({ domain, contentTitle: "A post", contentUrl: `https://${domain}/a`, ...row, timestamp: at() } as ActivityInput, testDb());
  }
});

/** The running totals must equal the rows: wait (with a deadline) in case a write is still committing. */
async function totalsCaughtUp() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [res, rows] = await Promise.all([api("/hub/ledger?limit=1"), testDb().ledgerActivity.count({ where: { network } })]);
    if (res.body.totals.total === rows) return;
    if (Date.now() > deadline) throw new Error(`ledger totals stuck at ${res.body.totals.total}, database has ${rows}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function ours(query = "") {
  return api(`/hub/ledger?domain=${domain}&limit=100${query}`);
}

describe("GET /hub/ledger", () => {
  it("lists a domain's activity newest first", async () => {
    const res = await ours();
    expect(res.status).toBe(200);
    expect(res.body.activities).toHaveLength(FIXTURE.length);
    const times = res.body.activities.map((a: any) => Date.parse(a.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.body).toMatchObject({ success: true, total: FIXTURE.length, hasMore: false, limit: 100, skip: 0 });
    const payment = res.body.activities.find((a: any) => a.type === "payment" && a.txHash === "0xaa");
    expect(payment).toMatchObject({ amount: 0.25, revenue: 0.25, protocolFee: 0.0025, currency: "USDC", network: "testnet", domain, payerWallet: wallet });
  });

  it.each([
    ["views", "view", 3], ["unlocks", "unlock", 2], ["payments", "payment", 2],
    ["ratings", "rating", 1], ["tips", "tip", 3], ["quickshare", "quickshare", 3],
  ])("filters type=%s", async (filter, kind, n) => {
    const res = await ours(`&type=${filter}`);
    expect(res.status).toBe(200);
    expect(res.body.activities).toHaveLength(n);
    expect(res.body.activities.every((a: any) => a.type === kind)).toBe(true);
  });

  it("writes a refund as a negative row and keeps rating proofs", async () => {
    const tips = (await ours("&type=tips")).body.activities;
    expect(tips.find((a: any) => a.subkind === "refund").amount).toBe(-0.5);
    const rating = (await ours("&type=ratings")).body.activities[0];
    expect(rating).toMatchObject({ proof: "onchain:0xbb", score: 45 });
  });

  it("never shows what identifies a quickshare", async () => {
    const rows = (await ours("&type=quickshare")).body.activities;
    for (const r of rows) {
      expect(r.contentTitle).toBeNull();
      expect(r.contentUrl).toBeNull();
      expect(r.domain).toBeNull();
      expect(JSON.stringify(r)).not.toContain("SECRET");
    }
    expect(rows.find((r: any) => r.subkind === "unlock")).toMatchObject({ amount: 0.05, currency: "USDC", txHash: "0xcc", payerWallet: wallet, network: "testnet" });
  });

  it("pages without gaps or repeats", async () => {
    const all = (await ours()).body.activities.map((a: any) => a.id);
    const pages: string[] = [];
    for (let skip = 0; ; skip += 4) {
      const res = await api(`/hub/ledger?domain=${domain}&limit=4&skip=${skip}`);
      expect(res.body.total).toBe(res.body.activities.length);
      pages.push(...res.body.activities.map((a: any) => a.id));
      if (!res.body.hasMore) break;
    }
    expect(pages).toEqual(all);
    const beyond = await api(`/hub/ledger?domain=${domain}&skip=1000`);
    expect(beyond.body).toMatchObject({ activities: [], total: 0, hasMore: false });
  });

  it("pages by cursor exactly as by skip, across rows that share a timestamp, with filters", async () => {
    // Five more rows in one millisecond: the cursor must order them by id as the page order does.
    const tied = new Date(base - 5_000);
    for (let i = 0; i < 5; i++) await recordActivity({ domain, type: "view", contentTitle: "A post", contentUrl: `https://${domain}/a`, timestamp: tied } as ActivityInput, testDb());
    for (const filter of ["", "&type=views", "&type=tips"]) {
      const all = (await ours(filter)).body.activities.map((a: any) => a.id);
      const pages: string[] = [];
      let cursor: string | null = null;
      for (let n = 0; n < 50; n++) {
        const res: any = await api(`/hub/ledger?domain=${domain}&limit=3${filter}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.status).toBe(200);
        pages.push(...res.body.activities.map((a: any) => a.id));
        expect(res.body.nextCursor === null).toBe(!res.body.hasMore);
        if (!res.body.hasMore) break;
        cursor = res.body.nextCursor;
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      }
      expect(pages, filter).toEqual(all);
      expect(new Set(pages).size).toBe(pages.length);
    }
  });

  it("answers 400 for a cursor it did not give out, and for a cursor with skip", async () => {
    const first = await api(`/hub/ledger?domain=${domain}&limit=2`);
    const cursor = first.body.nextCursor as string;
    expect(expectError(await api(`/hub/ledger?cursor=${cursor}&skip=2`), 400, "invalid-request").details).toMatch(/skip or cursor/);
    for (const bad of ["not a cursor!", "x", Buffer.from("yesterday.abc").toString("base64url"), Buffer.from("1.a'b").toString("base64url"), "%ZZ"]) {
      const res = await api(`/hub/ledger?cursor=${encodeURIComponent(bad)}`);
      expect(expectError(res, 400, "invalid-request").details, bad).toMatch(/cursor/);
    }
  });

  it("reports global totals that match the rows in the database", async () => {
    const db = testDb();
    await totalsCaughtUp();
    const res = await api("/hub/ledger?limit=1");
    const count = (where: object) => db.ledgerActivity.count({ where: { network, ...where } });
    const qsRevenue = await db.ledgerActivity.aggregate({ where: { network, type: "quickshare", subkind: "unlock" }, _sum: { amountAtomic: true } });
    expect(res.body.totals).toEqual({
      views: await count({ type: "view" }),
      unlocks: await count({ type: "unlock" }),
      payments: await count({ type: "payment" }),
      ratings: await count({ type: "rating" }),
      // A tip to a quickshare link is a quickshare row (subkind tip) but counts as a tip.
      tips: (await count({ type: "tip", subkind: { in: ["settled", "held"] } })) + (await count({ type: "quickshare", subkind: "tip" })),
      quickshareViews: await count({ type: "quickshare", subkind: "view" }),
      quickshareUnlocks: await count({ type: "quickshare", subkind: "unlock" }),
      quickshareRevenue: Number(qsRevenue._sum.amountAtomic ?? 0n) / 1e6,
      total: await count({}),
    });
  });

  it.each([
    ["limit=0", "limit"], ["limit=101", "limit"], ["limit=abc", "limit"], ["skip=-1", "skip"], ["type=likes", "type"],
  ])("answers 400 for %s", async (q, field) => {
    expect(expectError(await api(`/hub/ledger?${q}`), 400, "invalid-request").details).toContain(field);
  });
});

describe("GET /hub/stats", () => {
  it("equals the sums of the ledger", async () => {
    const db = testDb();
    await totalsCaughtUp();
    const [stats, ledger] = await Promise.all([api("/hub/stats"), api("/hub/ledger?limit=1")]);
    expect(stats.status).toBe(200);
    const s = stats.body.stats;
    const t = ledger.body.totals;
    const sum = async (where: object) =>
      (await db.ledgerActivity.aggregate({ where: { network, ...where }, _sum: { amountAtomic: true, protocolFeeAtomic: true } }))._sum;
    const usd = (x: bigint | null | undefined) => Number(x ?? 0n) / 1e6;
    const payments = await sum({ type: "payment" });
    const tipRows = await sum({ type: "tip" });
    const shareTips = await sum({ type: "quickshare", subkind: "tip" });
    const tips = { amountAtomic: (tipRows.amountAtomic ?? 0n) + (shareTips.amountAtomic ?? 0n) };
    const qs = await sum({ type: "quickshare", subkind: "unlock" });
    const all = await sum({});
    expect(s.views).toBe(t.views);
    expect(s.unlocks).toBe(t.unlocks + t.payments);
    expect(s.tips).toBe(t.tips);
    expect(s.quickshareViews).toBe(t.quickshareViews);
    expect(s.quickshareUnlocks).toBe(t.quickshareUnlocks);
    expect(s.quickshareRevenue).toBe(t.quickshareRevenue);
    expect(s.tipRevenue).toBeCloseTo(usd(tips.amountAtomic), 6);
    expect(s.revenue).toBeCloseTo(usd((payments.amountAtomic ?? 0n) + (tips.amountAtomic ?? 0n) + (qs.amountAtomic ?? 0n)), 6);
    expect(s.protocolFees).toBeCloseTo(usd(all.protocolFeeAtomic), 6);
    expect(s.sites).toBe(await db.site.count({ where: { verified: true, removedAt: null } }));
    expect(s.content).toBe(await db.content.count({ where: { network } }));
    expect(s.creators).toBeGreaterThanOrEqual(3);
  });
});
