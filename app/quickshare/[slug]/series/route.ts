import { route } from "@/lib/http/route";
import { shareSeriesOp } from "@/lib/openapi/paths-creator-numbers";
import { shareSeries } from "@/lib/quickshare/share-series";

// GET /quickshare/<slug>/series — the share's daily views, unlocks and revenue over ?from=&to= (owner)
export const GET = route({ ...shareSeriesOp, auth: "session" }, async ({ params, query, session }) =>
  shareSeries({ slug: params.slug, owner: session.wallet, ...query }),
);
