import { JsonAnswer } from "@/lib/http/plain-answer";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { metaOp } from "@/lib/openapi/paths-quickshare";
import { shareMeta } from "@/lib/quickshare/share-meta";

// GET /quickshare/<slug>/meta — public metadata: title, price, cover, status, counters (never the body)
export const GET = route({ ...metaOp, cache: true }, async ({ req, params }) =>
  new JsonAnswer(await shareMeta({ slug: params.slug, now: requestNow(req) }), { "cache-control": "no-cache" }),
);
