import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { operation } from "@/lib/http/operation";
import { FEED_FORMATS, FEED_MAX_AGE_S, type FeedFormat } from "@/lib/feeds/feed-formats";
import { errors, pathsOf } from "./helpers";

const tags = ["feeds"];
const ORIGIN = "Served on the hosted blog's own origin (its domain, <name>.localhost in development, or a BLOG_HOST_MAP entry), not on the hub's.";
const ITEMS = `Each item: title, link, date, author, cover image (RSS enclosure, Atom link rel="enclosure", JSON Feed image) and the teaser; a paid item's teaser starts with its price ("0.25 USDC — …") and never carries its body. Cache-Control: public, max-age=${FEED_MAX_AGE_S}.`;

const feedOp = (path: string, format: FeedFormat, summary: string, description: string, notFound: boolean) =>
  operation({
    method: "get",
    path,
    doc: {
      tags,
      summary,
      description: `${description} ${ITEMS}`,
      answer: `The ${FEED_FORMATS[format].title} document`,
      answerHeaders: z.object({ "cache-control": z.string() }),
      answerContent: { [FEED_FORMATS[format].type]: { schema: format === "json" ? z.looseObject({ version: z.string(), title: z.string(), items: z.array(z.looseObject({})) }) : z.string() } },
      ...(notFound && { responses: errors(404) }),
    },
  });

const BLOG = `${ORIGIN} The blog's newest 50 published, listed posts (drafts, invite-only and deleted posts never), newest first.`;
const EXPLORE = "The hub's explore: the newest 50 items of verified, live sites (hosted posts' listings included, shares never), newest first.";

export const blogRssOp = feedOp("/feed.xml", "rss", "A hosted blog's RSS 2.0 feed (blog origin)", BLOG, true);
export const blogAtomOp = feedOp("/atom.xml", "atom", "A hosted blog's Atom feed (blog origin)", BLOG, true);
export const blogJsonFeedOp = feedOp("/feed.json", "json", "A hosted blog's JSON Feed (blog origin)", BLOG, true);
export const exploreRssOp = feedOp("/explore/feed.xml", "rss", "The explore RSS 2.0 feed", EXPLORE, false);
export const exploreAtomOp = feedOp("/explore/atom.xml", "atom", "The explore Atom feed", EXPLORE, false);
export const exploreJsonFeedOp = feedOp("/explore/feed.json", "json", "The explore JSON Feed", EXPLORE, false);

export const feedPaths: ZodOpenApiPathsObject = pathsOf(blogRssOp, blogAtomOp, blogJsonFeedOp, exploreRssOp, exploreAtomOp, exploreJsonFeedOp);
