// The read cache (lib/http/read-cache.ts) on a hub of its own with READ_CACHE_MS on (the main test hub
// runs without it): public read answers are kept for the freshness bound, a write through the same
// instance drops them at once (a POST that wrote nothing, such as a 402, does not; a GET that paid does), a write it did not see shows once the bound has passed, errors are never
// kept, concurrent misses share one computation, and requests that name their own time bypass it.
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { x402Client } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { type ExtraHub, hubClient, startExtraHub } from "../support/extra-hub";
import { api } from "../support/hub";
import { createShare, person } from "../support/quickshare";
import { cleanupRun, createSite } from "../support/sites";
import { freshPayer, NETWORK, USDC } from "../support/x402";

const BOUND_MS = 4_000;
const domain = `cache-${Date.now().toString(36)}.example`;
const ledger = `/hub/ledger?limit=5&domain=${domain}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function addActivity(title: string) {
  return testDb().ledgerActivity.create({ data: { network: "testnet", type: "view", domain, contentTitle: title } });
}

describe("read cache", () => {
  let hub: ExtraHub;
  let client: ReturnType<typeof hubClient>;

  beforeAll(async () => {
    // Its own settler and index stay off: the main test hub runs them on this database.
    hub = await startExtraHub({ READ_CACHE_MS: String(BOUND_MS), HUB_TEST_CLOCK: "1", SETTLE_INTERVAL_MS: "0", GATEWAY_INDEX_INTERVAL_MS: "0" });
    client = hubClient(hub.url);
  }, 120_000);

  afterAll(async () => {
    await hub?.stop();
    await testDb().ledgerActivity.deleteMany({ where: { domain } });
    await cleanupRun();
  });

  it("keeps an answer for the bound, shows another instance's write after it, and drops it on a write through this instance", async () => {
    await addActivity("first");
    const a = await client.api(ledger);
    expect(a.status).toBe(200);
    expect(a.headers.get("x-hub-cache")).toBe("miss");
    expect(a.body.activities.map((r: any) => r.contentTitle)).toEqual(["first"]);

    // Written past this instance (the test's own database client stands for another instance).
    const started = Date.now();
    await addActivity("second");
    const b = await client.api(ledger);
    expect(Date.now() - started).toBeLessThan(BOUND_MS); // still within the bound: the kept answer
    expect(b.headers.get("x-hub-cache")).toBe("hit");
    expect(b.body).toEqual(a.body);

    // Past the bound the answer is computed again and holds the row.
    await sleep(BOUND_MS + 200 - (Date.now() - started));
    const c = await client.api(ledger);
    expect(c.headers.get("x-hub-cache")).toBe("miss");
    expect(c.body.activities.map((r: any) => r.contentTitle).sort()).toEqual(["first", "second"]);
    expect((await client.api(ledger)).headers.get("x-hub-cache")).toBe("hit");

    // A POST that sends the database nothing that may write keeps them: a 402 challenge (an untracked
    // item, priced from the body) and a refused body.
    await addActivity("third");
    const untracked = { contentId: `cache-untracked-${domain}`, recipient: privateKeyToAccount(generatePrivateKey()).address };
    expect((await client.api("/hub/pay", { json: untracked })).status).toBe(402);
    expect((await client.api("/hub/pay", { json: { ...untracked, price: "-1" } })).status).toBe(400);
    const kept = await client.api(ledger);
    expect(kept.headers.get("x-hub-cache")).toBe("hit");
    expect(kept.body.activities).toHaveLength(2);

    // A write through this instance (any POST that writes, here a sign-in) drops every kept answer at once.
    await client.signIn(privateKeyToAccount(generatePrivateKey()));
    const d = await client.api(ledger);
    expect(d.headers.get("x-hub-cache")).toBe("miss");
    expect(d.body.activities).toHaveLength(3);
  });

  it("keys by path and query, whatever the parameters' order", async () => {
    const one = await client.api(`/hub/ledger?limit=2&domain=${domain}`);
    expect(one.headers.get("x-hub-cache")).toBe("miss");
    const same = await client.api(`/hub/ledger?domain=${domain}&limit=2`);
    expect(same.headers.get("x-hub-cache")).toBe("hit");
    expect(same.body).toEqual(one.body);
    const other = await client.api(`/hub/ledger?limit=3&domain=${domain}`);
    expect(other.headers.get("x-hub-cache")).toBe("miss");
  });

  it("never keeps an error, and a bad request never reaches the cache", async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await client.api("/quickshare/NoSuchShare1/meta");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("x-hub-cache")).toBeNull();
      const bad = await client.api("/hub/ledger?limit=abc");
      expect(bad.status).toBe(400);
      expect(bad.headers.get("x-hub-cache")).toBeNull();
    }
  });

  it("answers concurrent misses with one computation", async () => {
    await client.signIn(privateKeyToAccount(generatePrivateKey())); // a write: nothing kept
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.api("/hub/stats")));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const how = answers.map((r) => r.headers.get("x-hub-cache"));
    expect(how.filter((h) => h === "miss")).toHaveLength(1);
    expect(how.every((h) => h === "miss" || h === "shared" || h === "hit")).toBe(true);
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
  });

  it("drops every kept answer when a GET pays (a share's access route), not when it answers 402", async () => {
    await addActivity("paid-get");
    await client.api(ledger);
    expect((await client.api(ledger)).headers.get("x-hub-cache")).toBe("hit");
    const share = await createShare(await person(), { content: "Paid by GET.", price: "0.01" });
    const path = `/quickshare/${share.slug}/access`;
    const challenge = await client.api(path);
    expect(challenge.status).toBe(402);
    expect((await client.api(ledger)).headers.get("x-hub-cache")).toBe("hit");
    // The official x402 client signs the first offer (a transfer authorization the hub settles at once).
    const required = decodePaymentRequiredHeader(challenge.headers.get("payment-required")!);
    const payer = await freshPayer({ wallet: "1" });
    const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] };
    const signer = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const header = encodePaymentSignatureHeader(await signer.createPaymentPayload({ ...required, accepts: [required.accepts[0]!] }));
    const paid = await client.api(path, { headers: { "payment-signature": header } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.content).toBe("Paid by GET.");
    expect((await client.api(ledger)).headers.get("x-hub-cache")).toBe("miss");
  });

  it("quotes an anonymous reader a share read from the cache, and a named wallet a share read afresh", async () => {
    const owner = await person();
    const share = await createShare(owner, { price: "0.01" });
    const path = `/quickshare/${share.slug}/access`;
    const amount = (r: { status: number; body: any }) => {
      expect(r.status, JSON.stringify(r.body)).toBe(402);
      return r.body.accepts[0].amount as string;
    };
    const started = Date.now();
    expect(amount(await client.api(path))).toBe("10000");
    // Repriced past this instance (the test's database client stands for another instance).
    await testDb().quickshare.update({ where: { id: share.id }, data: { priceAtomic: 20_000n } });
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    expect(amount(await client.api(`${path}?wallet=${wallet}`))).toBe("20000"); // a named wallet: afresh
    const anonymous = amount(await client.api(path));
    if (Date.now() - started < BOUND_MS) expect(anonymous).toBe("10000"); // within the bound: the kept row
    await sleep(BOUND_MS + 200 - (Date.now() - started));
    expect(amount(await client.api(path))).toBe("20000");
  });

  it("does not answer a request that names its own time from the cache", async () => {
    const owner = await person();
    const share = await createShare(owner, { price: "0" });
    const meta = `/quickshare/${share.slug}/meta`;
    await client.api(meta);
    expect((await client.api(meta)).headers.get("x-hub-cache")).toBe("hit");
    const later = new Date(Date.now() + 400 * 24 * 3_600_000).toISOString(); // past any expiry
    const timed = await client.api(meta, { headers: { "x-hub-test-now": later } });
    expect(timed.headers.get("x-hub-cache")).toBeNull();
  });

  it("counts explore's total once per bound for every page and sort of a filter, and again after a write through this instance", async () => {
    const site = await createSite();
    const word = `kept${Date.now().toString(36)}`;
    // A new item through the main test hub (another instance: this one does not see the write).
    const add = async (id: string) => {
      const res = await api("/hub/evt", {
        json: { siteId: site.id, token: site.token, event: "resource_view", url: `https://${site.domain}/p/${id}`, resource: { id, title: `${word} ${id}`, type: "article" } },
        headers: { origin: `https://${site.domain}` },
      });
      expect(res.status).toBe(200);
    };
    await add("a");
    const total = async (qs: string) => {
      const res = await client.api(`/hub/explore/content?${qs}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-hub-cache")).toBe("miss"); // every URL here is new: the answer is computed
      return res.body.total as number;
    };
    const all = await total("limit=1");
    expect(await total(`q=${word}&limit=1`)).toBe(1);
    await add("b");
    const started = Date.now();
    // Other pages and sorts, computed now, share the count taken before the write…
    expect(await total("limit=1&skip=1")).toBe(all);
    expect(await total("limit=2&sort=best-sellers")).toBe(all);
    expect(await total(`q=${word}&limit=1&skip=1`)).toBe(1);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    // …until the bound has passed,
    await sleep(BOUND_MS + 200 - (Date.now() - started));
    expect(await total("limit=1&skip=2")).toBe(all + 1);
    expect(await total(`q=${word}&limit=1&skip=2`)).toBe(2);
    // or at once after a write through this instance.
    await add("c");
    await client.signIn(privateKeyToAccount(generatePrivateKey()));
    expect(await total("limit=1&skip=3")).toBe(all + 2);
    expect(await total(`q=${word}&limit=1&skip=3`)).toBe(3);
  });
});
