import { exploreFeed } from "@/lib/feeds/explore-feed";
import { feedResponse } from "@/lib/feeds/build-feed";
import { route } from "@/lib/http/route";
import { exploreAtomOp } from "@/lib/openapi/paths-feeds";

// GET /explore/atom.xml — the explore atom feed: the newest content of verified sites
export const GET = route({ ...exploreAtomOp, cache: true }, async () => feedResponse(await exploreFeed({ format: "atom" })));
