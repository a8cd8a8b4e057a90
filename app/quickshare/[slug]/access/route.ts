import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { accessShare } from "@/lib/quickshare/access-share";
import { slugParams, walletQuery } from "@/lib/schemas/quickshare";

// GET /quickshare/<slug>/access — the single read route: 200 grant, 402 challenge, 403, 404, 410, 419
export const GET = route({ params: slugParams, query: walletQuery, auth: "optional" }, ({ req, params, query, session }) =>
  accessShare({ req, slug: params.slug, claim: query.wallet ?? null, proof: req.headers.get("x-svc-payment-proof"), sessionWallet: session?.wallet ?? null, purpose: "access", now: requestNow(req) }),
);
