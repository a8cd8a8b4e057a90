import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { viewOp } from "@/lib/openapi/paths-quickshare";
import { recordView } from "@/lib/quickshare/record-view";

// POST /quickshare/<slug>/view — count a view
export const POST = route({ ...viewOp, writes: "counts" }, ({ req, params }) => recordView({ slug: params.slug, now: requestNow(req) }));
