import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { buildFeed } from "./build-feed";
import type { FeedEntry } from "./feed-entry";

const author = { name: "Tide Notes", link: "https://tide.example/" };
const entries: FeedEntry[] = [
  { title: "Paid chart", link: "https://tide.example/article/paid", date: new Date("2026-05-02T10:00:00Z"), summary: "Depths by berth", priceAtomic: 250_000n, currency: "USDC", author, cover: "/uploads/c.png", tags: ["sea"] },
  { title: "Free note", link: "https://tide.example/article/free", date: new Date("2026-05-01T09:00:00Z"), summary: "Open <b>to</b> all", priceAtomic: 0n, currency: "USDC", author, cover: null, tags: [] },
];
const build = (format: "rss" | "atom" | "json") =>
  buildFeed({ format, title: "Tide Notes", description: "Harbour news", link: "https://tide.example/", base: "https://tide.example", author, entries });

describe("buildFeed", () => {
  it.each(["rss", "atom"] as const)("%s parses back with every field", (format) => {
    const { body, contentType } = build(format);
    expect(contentType).toBe(format === "rss" ? "application/rss+xml; charset=utf-8" : "application/atom+xml; charset=utf-8");
    const feed = parseFeed(body);
    expect(feed.title).toBe("Tide Notes");
    expect(feed.url).toBe("https://tide.example/");
    expect(feed.items.map((i) => i.title)).toEqual(["Paid chart", "Free note"]);
    const [paid, free] = feed.items;
    expect(paid!.url).toBe("https://tide.example/article/paid");
    expect(paid!.published?.toISOString()).toBe("2026-05-02T10:00:00.000Z");
    expect(paid!.description).toBe("0.25 USDC — Depths by berth");
    expect(paid!.authors[0]?.name).toBe("Tide Notes");
    expect(paid!.image?.url ?? paid!.media[0]?.url).toBe("https://tide.example/uploads/c.png");
    // Plain text, escaped for readers that show HTML: it reads back as the text written, not as markup.
    expect(free!.description).toBe("Open <b>to</b> all");
  });

  it("json is a JSON Feed with summary, image, author and date", () => {
    const { body, contentType } = build("json");
    expect(contentType).toBe("application/feed+json; charset=utf-8");
    const feed = JSON.parse(body);
    expect(feed).toMatchObject({ title: "Tide Notes", home_page_url: "https://tide.example/", feed_url: "https://tide.example/feed.json" });
    expect(feed.items[0]).toMatchObject({
      id: "https://tide.example/article/paid", url: "https://tide.example/article/paid", title: "Paid chart", content_html: "0.25 USDC — Depths by berth",
      image: "https://tide.example/uploads/c.png", date_published: "2026-05-02T10:00:00.000Z", author: { name: "Tide Notes" },
    });
  });
});
