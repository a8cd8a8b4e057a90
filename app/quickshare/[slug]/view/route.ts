import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { recordView } from "@/lib/quickshare/record-view";
import { slugParams } from "@/lib/schemas/quickshare";

// POST /quickshare/<slug>/view — count a view
export const POST = route({ params: slugParams }, ({ req, params }) => recordView({ slug: params.slug, now: requestNow(req) }));
