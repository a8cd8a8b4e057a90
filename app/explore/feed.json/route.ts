import { exploreFeed } from "@/lib/feeds/explore-feed";
import { feedResponse } from "@/lib/feeds/build-feed";
import { route } from "@/lib/http/route";
import { exploreJsonFeedOp } from "@/lib/openapi/paths-feeds";

// GET /explore/feed.json — the explore json feed: the newest content of verified sites
export const GET = route({ ...exploreJsonFeedOp, cache: true }, async () => feedResponse(await exploreFeed({ format: "json" })));
