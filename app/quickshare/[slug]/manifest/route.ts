import { JsonAnswer } from "@/lib/http/plain-answer";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { manifestOp } from "@/lib/openapi/paths-quickshare";
import { shareManifest } from "@/lib/quickshare/share-manifest";

// GET /quickshare/<slug>/manifest — machine-readable description of a share (no authentication)
export const GET = route({ ...manifestOp, cache: true }, async ({ req, params }) =>
  new JsonAnswer(await shareManifest({ slug: params.slug, now: requestNow(req) }), { "cache-control": "no-cache" }),
);
