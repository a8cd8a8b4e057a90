import { exploreContent } from "@/lib/explore/explore-content";
import { route } from "@/lib/http/route";
import { exploreQuery } from "@/lib/schemas/explore";

// GET /hub/explore/content — the explore feed: verified content by q, type and sort
export const GET = route({ query: exploreQuery, cache: true }, ({ query }) => exploreContent(query));
