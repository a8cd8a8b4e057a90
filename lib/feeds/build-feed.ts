import { Feed } from "feed";
import { BodyAnswer } from "@/lib/http/plain-answer";
import { coverEnclosure, entrySummary, type FeedEntry } from "./feed-entry";
import { FEED_FORMATS, FEED_MAX_AGE_S, type FeedFormat, feedLinks } from "./feed-formats";

// Feed readers show an Atom summary and a JSON Feed's content_html as HTML: our teasers are plain text.
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * One feed (RSS 2.0, Atom or JSON Feed, written by the `feed` package) of `entries`, newest first:
 * `base` is where its three files live (a blog's origin, the hub's /explore), `link` the page it
 * mirrors. Each entry carries its title, link, date, author, cover (enclosure / image) and teaser
 * with its price — never a body (docs/feeds.md).
 */
export function buildFeed({ format, title, description, link, base, author, entries }: {
  format: FeedFormat;
  title: string;
  description: string;
  link: string;
  base: string;
  author: { name: string; link: string };
  entries: FeedEntry[];
}): { body: string; contentType: string } {
  const links = feedLinks(base);
  const feed = new Feed({
    id: links[format],
    title,
    description: description || title,
    link,
    language: "en",
    updated: entries[0]?.date ?? new Date(0),
    generator: "Paid Content Hub",
    feedLinks: { rss: links.rss, atom: links.atom, json: links.json },
    author,
    ttl: FEED_MAX_AGE_S / 60,
  });
  for (const e of entries) {
    const cover = coverEnclosure(e.cover, link);
    feed.addItem({
      title: e.title,
      id: e.link,
      link: e.link,
      date: e.date,
      published: e.date,
      description: escapeHtml(entrySummary(e)),
      author: [e.author],
      category: e.tags.map((name) => ({ name, term: name })),
      ...(cover && { image: cover }),
    });
  }
  const body = format === "rss" ? feed.rss2() : format === "atom" ? feed.atom1() : feed.json1();
  return { body, contentType: `${FEED_FORMATS[format].type}; charset=utf-8` };
}

/** A feed as the HTTP answer: its media type and a short public cache lifetime. */
export function feedResponse(feed: { body: string; contentType: string }): BodyAnswer {
  return new BodyAnswer(feed.body, { "content-type": feed.contentType, "cache-control": `public, max-age=${FEED_MAX_AGE_S}` });
}
