import { exploreFeed } from "@/lib/feeds/explore-feed";
import { feedResponse } from "@/lib/feeds/build-feed";
import { route } from "@/lib/http/route";
import { exploreRssOp } from "@/lib/openapi/paths-feeds";

// GET /explore/feed.xml — the explore rss feed: the newest content of verified sites
export const GET = route({ ...exploreRssOp, cache: true }, async () => feedResponse(await exploreFeed({ format: "rss" })));
