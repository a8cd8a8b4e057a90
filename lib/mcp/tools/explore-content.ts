import { exploreContent } from "@/lib/explore/explore-content";
import { exploreQuery } from "@/lib/schemas/explore";
import { defineTool } from "../define-tool";

export const exploreContentTool = defineTool({
  name: "explore_content",
  title: "Explore paid content",
  description:
    "Search and browse content of verified creator sites: title, site, type, USDC price, recipient wallet, access and unlock policy, views, unlocks, revenue, ratings and reputation. Each item's url is the paid resource (pay it over x402). Quickshares are never listed.",
  input: exploreQuery.extend({
    type: exploreQuery.shape.type.describe("article, music, video, image, document, or all (default)"),
    limit: exploreQuery.shape.limit.describe("Items per page, 1..500 (default 100)"),
    skip: exploreQuery.shape.skip.describe("Items to skip for paging (default 0); for deep pages prefer cursor"),
    cursor: exploreQuery.shape.cursor.describe("The nextCursor of the previous page (same q, type and sort; without skip): the next page starts right after it"),
  }),
  run: (args) => exploreContent(args),
});
