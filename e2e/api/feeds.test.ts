// Feeds: a hosted blog's RSS, Atom and JSON Feed and the explore feeds, parsed back with a stock feed
// parser (@rowanmanning/feed-parser) and checked field by field against the posts; a paid post's body is
// in no feed, drafts, invite-only and deleted posts are absent, and the pages link their feeds.
import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf } from "../support/blog";
import { api, HUB_URL } from "../support/hub";
import { closeDb, db, person, type Person } from "../support/quickshare";

afterAll(async () => {
  await cleanupBlogs();
  await closeDb();
});

const tag = Date.now().toString(36);
const PAID_BODY = `Soundings-${tag}: berth seven holds eleven metres at low water.`;
const FREE_BODY = `Open-${tag}: the ferry leaves at nine.`;
const DRAFT_BODY = `Draft-${tag}: not yet.`;
const COVER = "https://images.example.org/harbour/cover.png";

let owner: Person;
let blog: { domain: string; siteId: string };
let origin: string;
let siteName: string;
type Post = Awaited<ReturnType<typeof createPost>>;
let free: Post;
let paid: Post;
let draft: Post;
let invite: Post;
let gone: Post;

beforeAll(async () => {
  owner = await person();
  blog = await createBlog(owner, "feeds");
  origin = originOf(blog.domain);
  siteName = (await db().site.findUniqueOrThrow({ where: { id: blog.siteId } })).name;
  const admin = await blogSignIn(blog.domain, owner.account);
  free = await createPost(blog.domain, admin, { title: "Ferry times", slug: "ferry-times", summary: "When the boats leave", body: FREE_BODY, price: "0", tags: ["ferry"] });
  gone = await createPost(blog.domain, admin, { title: "Removed notice", slug: "removed-notice", summary: "Soon deleted", body: "Gone.", price: "0" });
  expect((await blogRequest(blog.domain, `/api/admin/posts/${gone.id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
  draft = await createPost(blog.domain, admin, { title: "Unfinished survey", slug: "unfinished-survey", summary: "Draft teaser", body: DRAFT_BODY, status: "draft" });
  invite = await createPost(blog.domain, admin, { title: "Pilots only", slug: "pilots-only", summary: "For the pilots", body: "Channel marks.", price: "0.1", publicAccess: false, whitelist: [owner.address] });
  paid = await createPost(blog.domain, admin, { title: "Harbour soundings", slug: "harbour-soundings", summary: "Depths at every berth", body: PAID_BODY, price: "0.25", coverUrl: COVER, tags: ["harbour", "depths"] });
});

const FORMATS = [
  { path: "/feed.xml", type: "application/rss+xml" },
  { path: "/atom.xml", type: "application/atom+xml" },
] as const;

/** The <link> elements in a page's <head>, as attribute maps (whatever order React writes them in). */
function headLinks(html: string): Array<Record<string, string>> {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b([^>]*)>/g)].map((m) => Object.fromEntries([...m[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!.replace(/&amp;/g, "&")])));
}

/** The feed links a page names in <head>: type → href, each with a title. */
function feedLinksIn(html: string): Record<string, string> {
  const links = headLinks(html).filter((l) => l.rel === "alternate" && /rss|atom|feed\+json/.test(l.type ?? ""));
  for (const l of links) expect(l.title, l.href).toBeTruthy();
  return Object.fromEntries(links.map((l) => [l.type!, l.href!]));
}

async function published(id: string) {
  return (await db().blogPost.findUniqueOrThrow({ where: { id } })).publishedAt!;
}

describe("a hosted blog's feeds", () => {
  for (const { path, type } of FORMATS) {
    it(`${path} is ${type}, short-cached, and parses back with every field of each published, listed post`, async () => {
      const res = await blogRequest(blog.domain, path);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get("content-type")).toBe(`${type}; charset=utf-8`);
      expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      expect(Number(/max-age=(\d+)/.exec(res.headers.get("cache-control")!)![1])).toBeLessThanOrEqual(600);

      const feed = parseFeed(res.text);
      expect(feed.title).toBe(siteName);
      expect(feed.url).toBe(`${origin}/`);
      // Newest first; the draft, the invite-only post and the deleted post are not there.
      expect(feed.items.map((i) => i.title)).toEqual(["Harbour soundings", "Ferry times"]);

      const [p, f] = feed.items;
      expect(p!.url).toBe(`${origin}/article/harbour-soundings`);
      expect(p!.description).toBe("0.25 USDC — Depths at every berth");
      expect(p!.authors.map((a) => a.name)).toEqual([siteName]);
      expect(p!.image?.url ?? p!.media.find((m) => m.url === COVER)?.url).toBe(COVER);
      expect(p!.categories.map((c) => c.label ?? c.term)).toEqual(["harbour", "depths"]);
      const date = await published(paid.id);
      // RSS dates carry whole seconds.
      expect(Math.floor(p!.published!.getTime() / 1000)).toBe(Math.floor(date.getTime() / 1000));

      expect(f!.url).toBe(`${origin}/article/ferry-times`);
      expect(f!.description).toBe("When the boats leave");
      expect(Math.floor(f!.published!.getTime() / 1000)).toBe(Math.floor((await published(free.id)).getTime() / 1000));
      expect(f!.image?.url ?? f!.media[0]?.url ?? null).toBeNull();

      // Bodies are never in a feed: not the paid one, not the draft's.
      expect(res.text).not.toContain(`Soundings-${tag}`);
      expect(res.text).not.toContain(`Draft-${tag}`);
      for (const hidden of [draft, invite, gone]) expect(res.text).not.toContain(hidden.slug);
    });
  }

  it("/feed.json is a JSON Feed with the same items", async () => {
    const res = await blogRequest(blog.domain, "/feed.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(res.body).toMatchObject({ version: expect.stringContaining("jsonfeed.org"), title: siteName, home_page_url: `${origin}/`, feed_url: `${origin}/feed.json` });
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      id: `${origin}/article/harbour-soundings`, url: `${origin}/article/harbour-soundings`, title: "Harbour soundings",
      content_html: "0.25 USDC — Depths at every berth", image: COVER, author: { name: siteName },
      date_published: (await published(paid.id)).toISOString(), tags: ["harbour", "depths"],
    });
    expect(res.text).not.toContain(`Soundings-${tag}`);
  });

  it("the blog's pages name the feeds in <head>, and the index links them where readers see it", async () => {
    const index = await blogRequest(blog.domain, "/", { headers: { accept: "text/html" } });
    expect(index.status).toBe(200);
    expect(feedLinksIn(index.text)).toEqual({
      "application/rss+xml": `${origin}/feed.xml`, "application/atom+xml": `${origin}/atom.xml`, "application/feed+json": `${origin}/feed.json`,
    });
    const body = index.text.slice(index.text.indexOf("</head>"));
    expect(body).toMatch(new RegExp(`<a href="${origin}/feed.xml"[^>]*>RSS feed</a>`));

    const post = await blogRequest(blog.domain, "/article/ferry-times", { headers: { accept: "text/html" } });
    expect(feedLinksIn(post.text)["application/rss+xml"]).toBe(`${origin}/feed.xml`);
  });

  it("an unknown blog has no feed", async () => {
    const res = await blogRequest(`nofeed-${tag}.localhost`, "/feed.xml");
    expect(res.status).toBe(404);
  });
});

describe("the explore feeds", () => {
  for (const { path, type } of FORMATS) {
    it(`/explore${path} lists the newest verified content, newest first`, async () => {
      const res = await fetch(`${HUB_URL}/explore${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(`${type}; charset=utf-8`);
      expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      const text = await res.text();
      const feed = parseFeed(text);
      expect(feed.title).toMatch(/Explore/);
      expect(feed.url).toBe(`${HUB_URL}/explore`);
      const links = feed.items.map((i) => i.url!);
      expect(links).toContain(`${origin}/article/harbour-soundings`);
      expect(links).toContain(`${origin}/article/ferry-times`);
      expect(links).not.toContain(`${origin}/article/unfinished-survey`);
      expect(links).not.toContain(`${origin}/article/pilots-only`);
      expect(text).not.toContain(`Soundings-${tag}`);
      // Newest first, and every item is content of a verified, live site.
      const dates = feed.items.map((i) => i.published!.getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const rows = await db().content.findMany({ where: { url: { in: links } }, include: { site: true } });
      for (const link of links) {
        const row = rows.find((r) => r.url === link);
        expect(row, link).toBeDefined();
        expect(row!.site.verified && !row!.site.removedAt).toBe(true);
      }
      // The paid post as an explore item: its price and teaser, its blog as author, its cover.
      const item = feed.items.find((i) => i.url === `${origin}/article/harbour-soundings`)!;
      expect(item.description).toBe("0.25 USDC — Depths at every berth");
      expect(item.authors[0]?.name).toBe(siteName);
      expect(item.image?.url ?? item.media.find((m) => m.url === COVER)?.url).toBe(COVER);
      // Exactly the newest items of verified, live sites on this hub's network, in that order.
      const { network } = await db().content.findFirstOrThrow({ where: { url: `${origin}/article/harbour-soundings` } });
      const newest = await db().content.findMany({ where: { network, site: { verified: true, removedAt: null } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50, select: { url: true } });
      expect(links).toEqual(newest.map((c) => c.url));
    });
  }

  it("writes each explore feed again when one of its items changed (a kept feed is never an old one)", async () => {
    const read = async (path: string) => (await fetch(`${HUB_URL}/explore${path}`)).text();
    const before = { json: await read("/feed.json"), rss: await read("/feed.xml") };
    expect(await read("/feed.json")).toBe(before.json);
    const row = await db().content.findFirstOrThrow({ where: { url: `${origin}/article/ferry-times` } });
    const title = `Ferry times, winter ${tag}`;
    await db().content.update({ where: { id: row.id }, data: { title } });
    try {
      const item = JSON.parse(await read("/feed.json")).items.find((i: { url: string }) => i.url === `${origin}/article/ferry-times`);
      expect(item.title).toBe(title);
      expect(parseFeed(await read("/feed.xml")).items.find((i) => i.url === `${origin}/article/ferry-times`)?.title).toBe(title);
    } finally {
      await db().content.update({ where: { id: row.id }, data: { title: row.title } });
    }
    expect(await read("/feed.json")).toBe(before.json);
  });

  it("/explore/feed.json answers a JSON Feed, and the explore page names its feeds in <head>", async () => {
    const res = await api("/explore/feed.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    expect(res.body.items.some((i: any) => i.url === `${origin}/article/harbour-soundings`)).toBe(true);
    const page = await fetch(`${HUB_URL}/explore`, { headers: { accept: "text/html" } });
    const html = await page.text();
    expect(feedLinksIn(html)).toEqual({
      "application/rss+xml": `${HUB_URL}/explore/feed.xml`, "application/atom+xml": `${HUB_URL}/explore/atom.xml`, "application/feed+json": `${HUB_URL}/explore/feed.json`,
    });
  });
});
