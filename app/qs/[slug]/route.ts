import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { NONCE_HEADER } from "@/lib/http/security-headers";
import { accessShare } from "@/lib/quickshare/access-share";
import { renderSharePage } from "@/lib/quickshare/render-share-page";
import { wantsSharePage } from "@/lib/quickshare/wants-share-page";
import { slugParams, walletQuery } from "@/lib/schemas/quickshare";

// GET /qs/<slug> — browsers get the server-rendered share page; agents get the access route's JSON and 402
export const GET = route({ params: slugParams, query: walletQuery, auth: "optional" }, ({ req, params, query, session }) => {
  const common = { slug: params.slug, claim: query.wallet ?? null, sessionWallet: session?.wallet ?? null, now: requestNow(req) };
  if (wantsSharePage(req)) return renderSharePage({ ...common, nonce: req.headers.get(NONCE_HEADER) });
  return accessShare({ req, ...common, proof: req.headers.get("x-svc-payment-proof"), purpose: "access" });
});
