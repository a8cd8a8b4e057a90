import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { serveShareMedia } from "@/lib/quickshare/serve-share-media";
import { mediaParams, mediaQuery } from "@/lib/schemas/quickshare";

// GET /quickshare/<slug>/media/<kind>?index=N — one decrypted asset (proof, wallet + session, or a free public share)
export const GET = route({ params: mediaParams, query: mediaQuery, auth: "optional" }, ({ req, params, query, session }) =>
  serveShareMedia({
    slug: params.slug, kind: params.kind, index: query.index,
    proof: req.headers.get("x-svc-payment-proof") ?? query.proof ?? null,
    claim: query.wallet ?? null, sessionWallet: session?.wallet ?? null,
    download: query.download === "1", range: req.headers.get("range"), now: requestNow(req),
  }),
);
