import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { FEED_FORMATS, FEED_MAX_AGE_S, type FeedFormat } from "@/lib/feeds/feed-formats";
import { errors } from "./helpers";

const tags = ["feeds"];
const ORIGIN = "Served on the hosted blog's own origin (its domain, <name>.localhost in development, or a BLOG_HOST_MAP entry), not on the hub's.";
const ITEMS = `Each item: title, link, date, author, cover image (RSS enclosure, Atom link rel="enclosure", JSON Feed image) and the teaser; a paid item's teaser starts with its price ("0.25 USDC — …") and never carries its body. Cache-Control: public, max-age=${FEED_MAX_AGE_S}.`;

const feedOp = (format: FeedFormat, summary: string, description: string, notFound: boolean): ZodOpenApiOperationObject => ({
  tags,
  summary,
  description: `${description} ${ITEMS}`,
  responses: {
    "200": {
      description: `The ${FEED_FORMATS[format].title} document`,
      headers: z.object({ "cache-control": z.string() }),
      content: { [FEED_FORMATS[format].type]: { schema: format === "json" ? z.looseObject({ version: z.string(), title: z.string(), items: z.array(z.looseObject({})) }) : z.string() } },
    },
    ...(notFound ? errors(404) : {}),
  },
});

const BLOG = `${ORIGIN} The blog's newest 50 published, listed posts (drafts, invite-only and deleted posts never), newest first.`;
const EXPLORE = "The hub's explore: the newest 50 items of verified, live sites (hosted posts' listings included, shares never), newest first.";

export const feedPaths: ZodOpenApiPathsObject = {
  "/feed.xml": { get: feedOp("rss", "A hosted blog's RSS 2.0 feed (blog origin)", BLOG, true) },
  "/atom.xml": { get: feedOp("atom", "A hosted blog's Atom feed (blog origin)", BLOG, true) },
  "/feed.json": { get: feedOp("json", "A hosted blog's JSON Feed (blog origin)", BLOG, true) },
  "/explore/feed.xml": { get: feedOp("rss", "The explore RSS 2.0 feed", EXPLORE, false) },
  "/explore/atom.xml": { get: feedOp("atom", "The explore Atom feed", EXPLORE, false) },
  "/explore/feed.json": { get: feedOp("json", "The explore JSON Feed", EXPLORE, false) },
};
