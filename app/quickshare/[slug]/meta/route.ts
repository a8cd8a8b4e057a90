import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { shareMeta } from "@/lib/quickshare/share-meta";
import { slugParams } from "@/lib/schemas/quickshare";

// GET /quickshare/<slug>/meta — public metadata: title, price, cover, status, counters (never the body)
export const GET = route({ params: slugParams, cache: true }, async ({ req, params }) =>
  Response.json(await shareMeta({ slug: params.slug, now: requestNow(req) }), { headers: { "cache-control": "no-cache" } }),
);
