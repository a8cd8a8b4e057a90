import { route } from "@/lib/http/route";
import { shareManifest } from "@/lib/quickshare/share-manifest";
import { slugParams } from "@/lib/schemas/quickshare";

// GET /quickshare/<slug>/manifest — machine-readable description of a share (no authentication)
export const GET = route({ params: slugParams }, async ({ params }) =>
  Response.json(await shareManifest({ slug: params.slug }), { headers: { "cache-control": "no-cache" } }),
);
