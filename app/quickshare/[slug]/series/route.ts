import { route } from "@/lib/http/route";
import { shareSeries } from "@/lib/quickshare/share-series";
import { seriesQuery, seriesResponse } from "@/lib/schemas/creator-numbers";
import { slugParams } from "@/lib/schemas/quickshare";

// GET /quickshare/<slug>/series — the share's daily views, unlocks and revenue over ?from=&to= (owner)
export const GET = route({ params: slugParams, query: seriesQuery, auth: "session" }, async ({ params, query, session }) =>
  seriesResponse.parse(await shareSeries({ slug: params.slug, owner: session.wallet, ...query })),
);
