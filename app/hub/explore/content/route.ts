import { exploreContentAnswer } from "@/lib/explore/explore-content";
import { route } from "@/lib/http/route";
import { exploreOp } from "@/lib/openapi/paths-explore";

// GET /hub/explore/content — the explore feed: verified content by q, type and sort
export const GET = route({ ...exploreOp, cache: true }, ({ query }) => exploreContentAnswer(query));
