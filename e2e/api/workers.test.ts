// One hub instance served by two worker processes (HUB_WORKERS=2, server.mjs's cluster primary,
// docs/workers.md): the workers share one rate limit, a write through one drops the read answers the
// other kept, /metrics adds every worker up, a worker that dies is replaced, and SIGTERM stops them
// all gracefully. Each request below opens its own connection, so the primary deals them out to both
// workers in turn (a kept-alive connection would stay with one).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { type ExtraHub, startExtraHub } from "../support/extra-hub";
import { cleanupRun, createSite } from "../support/sites";

const domain = `workers-${Date.now().toString(36)}.example`;
const ledger = `/hub/ledger?limit=5&domain=${domain}`;

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** One request on a connection of its own (closed after it). */
function fresh(base: string, p: string, { json, method = json === undefined ? "GET" : "POST", headers = {} }: { method?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, { method, agent: false, timeout: 15_000, headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${p}: no answer within 15 s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** The live child processes of `pid` (its workers). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ").at(-1)!.split(" ");
      if (Number(fields[1]) === pid && fields[0] !== "Z") found.push(Number(entry));
    } catch {
      // gone
    }
  }
  return found.sort();
}

async function scrape(base: string): Promise<string> {
  const res = await fresh(base, "/metrics", { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text;
}
const sample = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);

describe("an instance of two worker processes", () => {
  let hub: ExtraHub;

  beforeAll(async () => {
    // Its own settler, index and webhook worker stay off: the main test hub runs them on this database.
    hub = await startExtraHub({ HUB_WORKERS: "2", READ_CACHE_MS: "60000", EVENT_RATE_LIMIT_PER_MINUTE: "10", SETTLE_INTERVAL_MS: "0", GATEWAY_INDEX_INTERVAL_MS: "0", WEBHOOK_INTERVAL_MS: "0" });
    // /health answered once the first worker listened; both do once a scrape counts two.
    for (const deadline = Date.now() + 60_000; sample(await scrape(hub.url), "hub_workers") !== 2; await new Promise((r) => setTimeout(r, 250))) {
      if (Date.now() > deadline) throw new Error("the second worker did not answer within 60 s");
    }
  }, 120_000);

  afterAll(async () => {
    await hub?.stop();
    await testDb().ledgerActivity.deleteMany({ where: { domain } });
    await cleanupRun();
  }, 60_000);

  it("counts one rate limit for both workers (10 events a minute for a site, then 429 whichever worker answers)", async () => {
    const site = await createSite();
    const body = { siteId: site.id, token: site.token, event: "page_view", url: `https://${site.domain}/` };
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await fresh(hub.url, "/hub/evt", { json: body })).status);
    // Counted per worker, 14 requests dealt out to two workers would all pass (7 each).
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429, 429, 429]);
    expect(await testDb().widgetEvent.count({ where: { siteId: site.id } })).toBe(10);
  });

  it("drops every worker's kept read answers on a write through one of them", async () => {
    await testDb().ledgerActivity.create({ data: { network: "testnet", type: "view", domain, contentTitle: "first" } });
    const titles = (a: Answer) => JSON.parse(a.text).activities.map((r: { contentTitle: string }) => r.contentTitle).sort();
    // Both workers compute and keep the answer, then serve it kept.
    const warm = await Promise.all([0, 1, 2, 3].map(() => fresh(hub.url, ledger)));
    expect(warm.map(titles)).toEqual(Array(4).fill(["first"]));
    // Written past the hub (the test's database client): every worker still serves its kept answer.
    await testDb().ledgerActivity.create({ data: { network: "testnet", type: "view", domain, contentTitle: "second" } });
    const kept = [];
    for (let i = 0; i < 4; i++) kept.push(await fresh(hub.url, ledger));
    expect(kept.map((a) => a.headers["x-hub-cache"])).toEqual(["hit", "hit", "hit", "hit"]);
    expect(kept.map(titles)).toEqual(Array(4).fill(["first"]));
    // A write through one worker (a sign-in nonce is a GET; an event is a POST through route()).
    const site = await createSite();
    expect((await fresh(hub.url, "/hub/evt", { json: { siteId: site.id, token: site.token, event: "page_view", url: `https://${site.domain}/` } })).status).toBe(200);
    const after = [];
    for (let i = 0; i < 4; i++) after.push(await fresh(hub.url, ledger));
    expect(after.map(titles)).toEqual(Array(4).fill(["first", "second"]));
  });

  it.skipIf(!process.env.DATABASE_URL?.startsWith("file:"))("takes turns at SQLite's write lock through the primary: concurrent writes through both workers all land, none waits it out", async () => {
    const lockCount = (text: string, outcome: string) =>
      [...text.matchAll(new RegExp(`^hub_sqlite_write_lock_wait_seconds_count\\{outcome="${outcome}"\\} (\\d+)$`, "gm"))].reduce((n, m) => n + Number(m[1]), 0);
    const before = await scrape(hub.url);
    const sites = await Promise.all(Array.from({ length: 8 }, () => createSite()));
    // 32 events at once, on connections of their own: both workers write at the same time. Item views, each
    // its own transaction (a page view is one statement, which SQLite's group commit may write with others
    // in one turn: lib/db-one-trip.ts), so every event takes a turn of its own.
    const answers = await Promise.all(sites.flatMap((site) => Array.from({ length: 4 }, (_, i) => fresh(hub.url, "/hub/evt", { json: { siteId: site.id, token: site.token, event: "resource_view", url: `https://${site.domain}/p/${i}`, resource: { id: `turn-${i}` } } }))));
    expect(answers.map((a) => a.status)).toEqual(Array(32).fill(200));
    expect(await testDb().widgetEvent.count({ where: { siteId: { in: sites.map((s) => s.id) } } })).toBe(32);
    const after = await scrape(hub.url);
    // Each worker's write waited for its turn from the primary, not in SQLite's busy handler, and got it.
    expect(lockCount(after, "granted") - lockCount(before, "granted")).toBeGreaterThanOrEqual(32);
    expect(lockCount(after, "timed_out") - lockCount(before, "timed_out")).toBe(0);
  });

  it("adds up every worker in /metrics", async () => {
    const before = sample(await scrape(hub.url), "hub_workers");
    expect(before).toBe(2);
    const count = (text: string) =>
      [...text.matchAll(/^hub_http_requests_total\{method="GET",route="\/health",status="200"\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
    const start = count(await scrape(hub.url));
    for (let i = 0; i < 6; i++) expect((await fresh(hub.url, "/health")).status).toBe(200);
    // Six /health answers dealt out to both workers: the one scrape sees all six, whichever worker serves it.
    await expect.poll(async () => count(await scrape(hub.url)) - start, { timeout: 5_000 }).toBe(6);
  });

  it("replaces a worker that dies, serving throughout, and stops both gracefully on SIGTERM", async () => {
    const workers = childrenOf(hub.pid);
    expect(workers).toHaveLength(2);
    process.kill(workers[0]!, "SIGKILL");
    // Once the primary has seen it go (a connection dealt to a worker at the moment it dies is lost with
    // it: node:cluster's limit), every request is served by the worker left.
    // Gone from /proc altogether, not only a zombie: the primary has reaped it, and in the same callback
    // taken it off the socket's round-robin.
    await expect.poll(() => existsSync(`/proc/${workers[0]}`), { timeout: 10_000 }).toBe(false);
    for (let i = 0; i < 4; i++) expect((await fresh(hub.url, "/health")).status).toBe(200);
    await expect.poll(() => childrenOf(hub.pid).filter((p) => !workers.includes(p)).length, { timeout: 60_000, interval: 250 }).toBe(1);
    await expect.poll(async () => sample(await scrape(hub.url), "hub_workers"), { timeout: 60_000, interval: 250 }).toBe(2);
    const now = childrenOf(hub.pid);
    expect(now).toHaveLength(2);

    await hub.stop();
    expect(await hub.exited).toBe(0);
    expect(now.filter((pid) => { try { process.kill(pid, 0); return true; } catch { return false; } })).toEqual([]);
  }, 180_000);
});
