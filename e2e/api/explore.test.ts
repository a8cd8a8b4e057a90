import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyTentativeTags } from "../../lib/events/apply-tentative-tags";
import { testDb } from "../support/db";
import { gunzipSync } from "node:zlib";
import { api, expectError, HUB_URL, rawGet } from "../support/hub";
import { cleanupRun, createSite, type FixtureSite, RUN, siteEvent as event } from "../support/sites";

const db = testDb();
const word = `xpl${RUN}`;
let site: FixtureSite;
let quiet: FixtureSite;
const ids: Record<string, string> = {};

type Card = Record<string, unknown> & { id: string; externalId: string };

const explore = (qs: string) => api(`/hub/explore/content?${qs}`);
const order = (cards: Card[]) => cards.map((c) => c.externalId);

beforeAll(async () => {
  site = await createSite({ name: `Harbor ${word}`, domain: `harbor-${RUN}.example` });
  quiet = await createSite({ name: "Quiet corner", domain: `corner-${RUN}.example` });
  // a: many views today; b: best seller; c: a few views; d: created 10 days ago with the most traction; e: other site.
  ids.a = await event(site, "resource_view", "a", { title: `Alpha ${word}`, type: "article", description: "morning tide" });
  for (let i = 0; i < 5; i++) await event(site, "resource_view", "a");
  ids.b = await event(site, "resource_view", "b", { title: `Bravo ${word}`, type: "music", tags: "lofi,beats" });
  for (let i = 0; i < 3; i++) await event(site, "unlock_completed", "b");
  ids.c = await event(site, "resource_view", "c", { title: `Charlie ${word} 100%_off`, type: "video" });
  ids.d = await event(site, "resource_view", "d", { title: `Delta ${word}`, type: "document" });
  await db.content.update({ where: { id: ids.d }, data: { createdAt: new Date(Date.now() - 10 * 86_400_000), views: 500, unlocks: 50 } });
  ids.e = await event(quiet, "resource_view", "e", { title: `Echo in the ${word}`, type: "image", description: `nothing about harbors` });
});


afterAll(cleanupRun);
describe("GET /hub/explore/content — parameters and bounds", () => {
  it.each([
    ["limit=0", "limit"],
    ["limit=501", "limit"],
    ["limit=abc", "limit"],
    ["limit=1.5", "limit"],
    ["skip=-1", "skip"],
    ["skip=x", "skip"],
    ["type=podcast", "type"],
    ["sort=random", "sort"],
    [`q=${"x".repeat(201)}`, "q"],
  ])("refuses %s with 400 naming the parameter", async (qs, field) => {
    expect(expectError(await explore(qs), 400, "invalid-request").details).toContain(field);
  });

  it("defaults to limit 100, skip 0, sort trending and answers the content card shape", async () => {
    const res = await explore("");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, limit: 100, skip: 0 });
    expect(res.body.total).toBeGreaterThanOrEqual(8 + 5);
    const keys = [
      "id", "websiteId", "websiteName", "websiteDomain", "websiteVerified", "websiteVerificationStatus", "title", "description", "imageUrl",
      "contentType", "tags", "tagList", "tagsTentative", "url", "path", "currency", "price", "recipientWallet", "accessPolicy", "audiences", "unlockPolicy",
      "externalId", "views", "unlocks", "revenue", "ratings", "reputationScore", "reputationStars", "createdAt", "lastSeenAt", "x402",
    ];
    for (const card of res.body.content) expect(Object.keys(card).sort()).toEqual([...keys].sort());
    const seeded = (await explore("q=harbor%20nights%20album")).body.content.find((c: Card) => c.externalId === "harbor-nights");
    expect(seeded).toMatchObject({ websiteDomain: "lofi-harbor.example", price: 1, contentType: "music", tagList: ["music", "lofi"], websiteVerified: true });
  });

  it("pages with limit and skip over a stable order", async () => {
    const all = (await explore(`q=${word}&limit=500`)).body;
    expect(all.total).toBe(5);
    const pages = [];
    for (let skip = 0; skip < 5; skip += 2) pages.push(...(await explore(`q=${word}&limit=2&skip=${skip}`)).body.content);
    expect(order(pages)).toEqual(order(all.content));
    const past = await explore(`q=${word}&skip=5`);
    expect(past.body).toMatchObject({ content: [], total: 5, skip: 5 });
    expect((await explore("limit=500")).body.content.length).toBeLessThanOrEqual(500);
    expect((await explore("limit=1")).body.content).toHaveLength(1);
  });

  it("matches q against title, description, tags, site name and domain, case-insensitively, every word", async () => {
    const q = async (text: string) => order((await explore(`q=${encodeURIComponent(text)}&limit=500`)).body.content).sort();
    expect(await q(`ALPHA ${word}`)).toEqual(["a"]); // title
    expect(await q(`${word} Morning TIDE`)).toEqual(["a"]); // description
    expect(await q(`${word} lofi`)).toEqual(["b"]); // tags
    expect(await q(`quiet corner ${word}`)).toEqual(["e"]); // site name
    expect(await q(`corner-${RUN}.example`)).toEqual(["e"]); // domain
    expect(await q(`harbor-${RUN}`)).toEqual(["a", "b", "c", "d", "e"]); // e: "harbors", and RUN in its domain
    expect(await q(`${word} nomatch`)).toEqual([]);
  });

  it("matches each word of q as the start of a word, never inside one", async () => {
    const q = async (text: string) => order((await explore(`q=${encodeURIComponent(text)}&limit=500`)).body.content).sort();
    expect(await q(`alph ${word}`)).toEqual(["a"]);
    expect(await q(`lpha ${word}`)).toEqual([]);
    expect(await q(`${word} harb`)).toEqual(["a", "b", "c", "d", "e"]); // site name Harbor, domain harbor-…; e: "harbors"
    expect(await q(`${word} 100%_off`)).toEqual(["c"]); // words: the word, 100, off
  });

  it("reads punctuation, wildcards and search operators in q as separators, never as syntax", async () => {
    const all = ["a", "b", "c", "d", "e"];
    const q = async (raw: string) => {
      const res = await explore(`q=${raw}&limit=500`);
      expect(res.status, raw).toBe(200);
      return order(res.body.content).sort();
    };
    const enc = encodeURIComponent;
    for (const text of [`"${word}`, `${word}*`, `-${word}`, `${word}:*`, `'${word}'`, `${word} & !`, `(${word})`, `${word} ^ $ %`, `\\${word}`, `{${word}}`, `${word} "" ''`]) {
      expect(await q(enc(text)), text).toEqual(all);
    }
    // Operator words are words: FTS5's NEAR/OR/NOT and tsquery's & | ! never combine terms.
    expect(await q(enc(`${word} OR alpha`))).toEqual([]);
    expect(await q(enc(`${word} NEAR(alpha bravo)`))).toEqual([]);
    expect(await q(enc(`${word} NOT alpha`))).toEqual([]);
    expect(await q(enc(`alpha | bravo ${word}`))).toEqual([]);
    // Invalid UTF-8 and lone surrogates in the query string: no word there, no error.
    expect(await q(`${word}%20%ED%A0%80`)).toEqual(all);
    expect(await q(`${word}%FF%FE`)).toEqual(all);
    expect(await q(`${word}%20%EF%BF%BD`)).toEqual(all);
    // A q without any word matches nothing.
    expect(await q(enc("%%%%"))).toEqual([]);
    expect(await q(enc(`" * - ( )`))).toEqual([]);
  });

  it("filters by type", async () => {
    for (const [type, want] of [["article", ["a"]], ["music", ["b"]], ["video", ["c"]], ["document", ["d"]], ["image", ["e"]], ["all", ["a", "b", "c", "d", "e"]]] as const) {
      const res = await explore(`q=${word}&type=${type}&limit=500`);
      expect(order(res.body.content).sort()).toEqual(want);
      expect(res.body.total).toBe(want.length);
    }
  });

  it("sorts trending by decayed activity (documented formula)", async () => {
    // New item 1 + views 1 each + unlocks 10 each, all just now: a = 1 + 6 = 7; b = 1 + 1 + 30 = 32;
    // c, d, e = 2 each, where a later event weighs (a hair) more: e, then d, then c. d's lifetime
    // counters, written straight into the row, are no activity.
    const res = await explore(`q=${word}&sort=trending&limit=500`);
    const got = order(res.body.content);
    expect(got).toEqual(["b", "a", "e", "d", "c"]);
    expect((await explore(`q=${word}&limit=500`)).body.content.map((c: Card) => c.id)).toEqual(res.body.content.map((c: Card) => c.id));
  });

  it("sorts best-sellers by lifetime unlocks, then revenue, then views", async () => {
    const got = order((await explore(`q=${word}&sort=best-sellers&limit=500`)).body.content);
    expect(got).toEqual(["d", "b", "a", "e", "c"]);
  });

  it("sorts hot-new: this week's content by traction first, older content after", async () => {
    const got = order((await explore(`q=${word}&sort=hot-new&limit=500`)).body.content);
    expect(got.slice(0, 2)).toEqual(["b", "a"]);
    expect(got.at(-1)).toBe("d"); // most traction of all, but 10 days old
    expect(got.slice(2, 4).sort()).toEqual(["c", "e"]);
    // Pages that cross from the fresh part to the older part (or start past it) continue the order.
    for (const limit of [1, 2, 3, 4]) {
      const pages: Card[] = [];
      for (let skip = 0; skip < 5; skip += limit) pages.push(...(await explore(`q=${word}&sort=hot-new&limit=${limit}&skip=${skip}`)).body.content);
      expect(order(pages)).toEqual(got);
    }
  });

  it("hides content of removed and unverified sites, and never lists quickshares", async () => {
    const totals = async () => [(await explore("limit=1")).body.total, (await explore("limit=1&type=article")).body.total, (await explore("limit=1&sort=hot-new")).body.total];
    const doomed = await createSite({ name: `Doomed ${word}` });
    const before = await totals();
    await event(doomed, "resource_view", "z", { title: `Zulu ${word}`, type: "article" });
    expect(order((await explore(`q=zulu ${word}`)).body.content)).toEqual(["z"]);
    expect(await totals()).toEqual(before.map((n) => n + 1));
    await db.site.update({ where: { id: doomed.id }, data: { removedAt: new Date() } });
    expect((await explore(`q=zulu ${word}`)).body).toMatchObject({ content: [], total: 0 });
    expect(await totals()).toEqual(before);
    await db.site.update({ where: { id: doomed.id }, data: { removedAt: null, verified: false, verificationStatus: "pending" } });
    expect((await explore(`q=zulu ${word}`)).body.total).toBe(0);
    expect(await totals()).toEqual(before);

    const share = await db.quickshare.create({
      data: { slug: `Qs${RUN}`.slice(0, 8), network: "testnet", ownerWallet: site.owner, title: `Secret ${word} share`, summary: word, expiresAt: new Date(Date.now() + 86_400_000) },
    });
    expect(order((await explore(`q=secret ${word}`)).body.content)).toEqual([]);
    const urls = (await api("/hub/sitemap/content")).body.urls.map((u: { url: string }) => u.url);
    expect(urls.some((u: string) => u.includes("/qs/"))).toBe(false);
    await db.quickshare.delete({ where: { id: share.id } }); // a fixture: leave no share behind for other tests' totals
  });

  it("shows auto-assigned tags as tentative, searchable, and never over publisher tags", async () => {
    const tagSite = await createSite({ name: "Tag Works" });
    const plain = await event(tagSite, "resource_view", "t1", { title: `Tango ${RUN}` });
    expect(await applyTentativeTags({ contentId: plain, tags: ["Seascape", "calm", "calm"] })).toBe(true);
    const card = (await explore(`q=seascape tango ${RUN}`)).body.content[0];
    expect(card).toMatchObject({ externalId: "t1", tags: "seascape,calm", tagList: ["seascape", "calm"], tagsTentative: true });
    expect(await applyTentativeTags({ contentId: plain, tags: ["storm"] })).toBe(true); // tentative tags may be replaced
    // The publisher's own tags win and are never overwritten afterwards.
    await event(tagSite, "resource_view", "t1", { tags: "harbour,night" });
    expect(await applyTentativeTags({ contentId: plain, tags: ["storm"] })).toBe(false);
    expect((await explore(`q=tango ${RUN}`)).body.content[0]).toMatchObject({ tags: "harbour,night", tagsTentative: false });
    expect(await applyTentativeTags({ contentId: ids.b!, tags: ["x"] })).toBe(false); // b has publisher tags from its first event
  });

  it("answers under the legacy /api prefix", async () => {
    const res = await api(`/api/hub/explore/content?q=${word}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
  });
});

// The same fixed set and queries run on each database (the API suites run per DB), with exact lists:
// SQLite's FTS5 table and PostgreSQL's tsvector index must agree word for word (lib/explore/text-match.ts).
describe("GET /hub/explore/content — text search, the same matches on every database", () => {
  const tag = `uni${RUN}`;
  const items: Array<[string, Record<string, unknown>]> = [
    ["u1", { title: `Café Noir ${tag}` }],
    ["u2", { title: `ÉCOLE Straße ${tag}` }],
    ["u3", { title: `東京タワー ${tag}` }],
    ["u4", { title: `foo-bar_baz ${tag}` }],
    ["u5", { title: `ﬁne Ｆｕｌｌ ${tag}` }],
    ["u6", { title: `Specs ${tag}`, description: "v1.2.3 e-mail@x.com" }],
  ];

  beforeAll(async () => {
    // One word of a domain (no "-"): the default's random hex would be words of their own, which a query
    // such as "1.2" or "caf" could start.
    const s = await createSite({ name: "Text Lab", domain: `textlab${RUN}.example` });
    for (const [id, resource] of items) await event(s, "resource_view", id, { type: "article", ...resource });
  });

  it.each([
    ["café", ["u1"]], ["CAF", ["u1"]], ["cafe", []], ["noir café", ["u1"]],
    ["école", ["u2"]], ["straß", ["u2"]], ["strasse", []],
    ["東京", ["u3"]], ["タワー", []],
    ["bar", ["u4"]], ["foo_bar", ["u4"]], ["baz foo", ["u4"]], ["oo", []],
    ["fine", ["u5"]], ["ｆｉｎｅ", ["u5"]], ["full", ["u5"]],
    ["mail x com", ["u6"]], ["v1", ["u6"]], ["2", ["u6"]], ["1.2", []], ["v1.2", ["u6"]], ["v12", []],
    ["", ["u1", "u2", "u3", "u4", "u5", "u6"]],
  ] as const)("q=%j", async (text, want) => {
    const res = await explore(`q=${encodeURIComponent(`${text} ${tag}`)}&limit=500`);
    expect(res.status).toBe(200);
    expect(order(res.body.content).sort()).toEqual([...want]);
    expect(res.body.total).toBe(want.length);
  });
});

describe("GET /hub/explore/content — cursor pages", () => {
  const tie = `cur${RUN}`;
  const cursorOf = (json: unknown) => Buffer.from(JSON.stringify(json)).toString("base64url");
  const DAY = 86_400_000;
  let own: FixtureSite;

  beforeAll(async () => {
    own = await createSite({ name: "Cursor works" });
    // Ties in every order's columns, and a hot-new list whose older part has two items of one instant.
    const old = new Date(Date.now() - 10 * DAY);
    for (let i = 0; i < 8; i++) {
      const id = await event(own, "resource_view", `k${i}`, { title: `Kilo ${i} ${tie}`, type: "article" });
      const data =
        i < 3 ? { trendScore: 5, unlocks: 2, revenueAtomic: 0n, views: 1 }
        : i < 5 ? { trendScore: 5, unlocks: 2, revenueAtomic: 0n, views: 1, createdAt: old }
        : { trendScore: i, unlocks: i, revenueAtomic: BigInt(i), views: i, createdAt: new Date(old.getTime() - i * DAY) };
      await db.content.update({ where: { id }, data });
    }
  });

  it.each(["trending", "best-sellers", "hot-new"])("walks %s by nextCursor through exactly what one page lists", async (sort) => {
    const all = (await explore(`q=${tie}&sort=${sort}&limit=500`)).body;
    expect(all.content).toHaveLength(8);
    expect(all.nextCursor).toBeNull();
    for (const limit of [1, 2, 3, 8]) {
      const seen: Card[] = [];
      let res = await explore(`q=${tie}&sort=${sort}&limit=${limit}`);
      for (let n = 0; n < 20; n++) {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ total: 8, limit, skip: 0 });
        seen.push(...res.body.content);
        if (res.body.nextCursor === null) break;
        expect(res.body.content).toHaveLength(limit);
        res = await explore(`q=${tie}&sort=${sort}&limit=${limit}&cursor=${res.body.nextCursor}`);
      }
      expect(seen.map((c) => c.id)).toEqual(all.content.map((c: Card) => c.id));
    }
    // A skip page carries a cursor too: it continues right after that page.
    const skipped = (await explore(`q=${tie}&sort=${sort}&limit=3&skip=2`)).body;
    const after = (await explore(`q=${tie}&sort=${sort}&limit=3&cursor=${skipped.nextCursor}`)).body;
    expect(after.content.map((c: Card) => c.id)).toEqual(all.content.slice(5, 8).map((c: Card) => c.id));
  });

  it("refuses a cursor it did not give out, one of another sort, or one with skip", async () => {
    const first = (await explore(`q=${tie}&sort=trending&limit=2`)).body.nextCursor as string;
    const hot = (await explore(`q=${tie}&sort=hot-new&limit=2`)).body.nextCursor as string;
    const refuse = async (qs: string, text: string) => expect(expectError(await explore(`q=${tie}&${qs}`), 400, "invalid-request").details).toContain(text);
    await refuse(`cursor=${first}&skip=2`, "skip");
    await refuse(`cursor=${first}&sort=best-sellers`, "sort");
    await refuse(`cursor=${first}&sort=hot-new`, "sort");
    await refuse(`cursor=${hot}&sort=trending`, "sort");
    await refuse("cursor=bm90LWpzb24tYXQtYWxs", "nextCursor"); // "not-json-at-all"
    await refuse(`cursor=${cursorOf({ o: "t", k: [1], i: "x", extra: 1 })}`, "nextCursor");
    await refuse(`cursor=${cursorOf({ o: "b", k: [1, "1e3", 1], i: "x" })}&sort=best-sellers`, "nextCursor");
    await refuse(`cursor=${cursorOf({ o: "n", k: [-1], i: "x", h: 0 })}&sort=hot-new`, "nextCursor");
    await refuse(`cursor=${cursorOf({ o: "t", k: ["1"], i: "x" })}`, "nextCursor");
    await refuse("cursor=short", "cursor");
    await refuse(`cursor=${"%E2%80%AE".repeat(4)}`, "cursor"); // not base64url characters
    // A hand-made cursor of the right shape is only a position: it pages from there, nothing more.
    const from = await explore(`q=${tie}&cursor=${cursorOf({ o: "t", k: [5], i: "~" })}&limit=500`);
    expect(from.status).toBe(200);
    expect(from.body.content.length).toBeGreaterThan(0);
  });
});

describe("GET /hub/sitemap/content", () => {
  it("lists verified content URLs, most recently updated first, within the limit", async () => {
    const res = await api("/hub/sitemap/content");
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const urls = res.body.urls as Array<{ url: string; updatedAt: string }>;
    expect(urls.map((u) => u.url)).toContain(`https://${site.domain}/p/a`);
    expect(urls.map((u) => u.url)).toContain("https://quiet-letters.example/article/essay-slow-software");
    const times = urls.map((u) => Date.parse(u.updatedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect((await api("/hub/sitemap/content?limit=2")).body.urls).toHaveLength(2);
  });

  it("sends the kept body gzip-compressed to a reader that accepts it, identity otherwise", async () => {
    const plain = await rawGet(`${HUB_URL}/hub/sitemap/content`);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    // Other test files add content meanwhile (a rebuilt sitemap): each answer is checked on its own.
    const listsSite = (json: { success: boolean; urls: Array<{ url: string }> }) => json.success && json.urls.some((u) => u.url === `https://${site.domain}/p/a`);
    expect(listsSite(JSON.parse(plain.bytes.toString("utf8")))).toBe(true);
    // A crawler's header, the legacy /api prefix, and a reader that names only `*`: the JSON, compressed.
    for (const [path, accept] of [["/hub/sitemap/content", "gzip, deflate, br"], ["/api/hub/sitemap/content", "br;q=1, GZIP;q=0.5"], ["/hub/sitemap/content", "*"]] as const) {
      const gz = await rawGet(`${HUB_URL}${path}`, { "accept-encoding": accept });
      expect([gz.status, gz.headers["content-encoding"]]).toEqual([200, "gzip"]);
      expect(String(gz.headers.vary)).toMatch(/Accept-Encoding/i);
      expect(gz.headers["x-hub-body-encoding"]).toBeUndefined(); // the route's internal header never leaves
      expect(listsSite(JSON.parse(gunzipSync(gz.bytes).toString("utf8")))).toBe(true);
      expect(gz.bytes.byteLength).toBeLessThan(plain.bytes.byteLength);
    }
    // gzip refused by q=0 (even beside `*`), or only codings the hub does not keep: identity.
    for (const accept of ["gzip;q=0", "*;q=1, gzip;q=0", "br, deflate", "identity"]) {
      const res = await rawGet(`${HUB_URL}/hub/sitemap/content`, { "accept-encoding": accept });
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(listsSite(JSON.parse(res.bytes.toString("utf8")))).toBe(true);
    }
  });

  // The body is kept under the content epoch (lib/counters/content-epoch.ts): a change shows at the next read.
  it("shows an item added, given another URL, swapped for another and removed at the next read", async () => {
    const listed = async () => new Set(((await api("/hub/sitemap/content")).body.urls as Array<{ url: string }>).map((u) => u.url));
    const at = (p: string) => `https://${site.domain}/sitemap-${RUN}/${p}`;
    const item = (id: string, path: string) => ({ id: `sm-${RUN}-${id}`, network: "testnet", siteId: site.id, externalId: `sm-${id}`, url: at(path) });
    expect((await listed()).has(at("one"))).toBe(false);
    await db.content.create({ data: item("1", "one") });
    expect((await listed()).has(at("one"))).toBe(true);
    // Another URL for the same item: the count of content does not move.
    await db.content.update({ where: { id: `sm-${RUN}-1` }, data: { url: at("uno") } });
    let urls = await listed();
    expect([urls.has(at("one")), urls.has(at("uno"))]).toEqual([false, true]);
    // One item removed and another added between two reads: the count is the same again.
    await db.$transaction([db.content.delete({ where: { id: `sm-${RUN}-1` } }), db.content.create({ data: item("2", "two") })]);
    urls = await listed();
    expect([urls.has(at("uno")), urls.has(at("two"))]).toEqual([false, true]);
    await db.content.delete({ where: { id: `sm-${RUN}-2` } });
    expect((await listed()).has(at("two"))).toBe(false);
  });

  it.each(["limit=0", "limit=50001", "limit=x"])("refuses %s", async (qs) => {
    expect(expectError(await api(`/hub/sitemap/content?${qs}`), 400, "invalid-request").details).toContain("limit");
  });
});

describe("GET /hub/sitemap-sites", () => {
  it("lists active hosted-blog domains only", async () => {
    const blog = await createSite({ domain: `blog-${RUN}.example`, hosted: true, blogActive: true });
    const inactive = await createSite({ domain: `sleepy-${RUN}.example`, hosted: true, blogActive: false });
    const res = await api("/hub/sitemap-sites");
    expect(res.status).toBe(200);
    expect(res.body.sites).toContain(blog.domain);
    expect(res.body.sites).not.toContain(inactive.domain);
    expect(res.body.sites).not.toContain("quiet-letters.example");
  });
});
