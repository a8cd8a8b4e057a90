import { audienceOf } from "@/lib/access/audience-of";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { quoteOp } from "@/lib/openapi/paths-quickshare";
import { quoteShare } from "@/lib/quickshare/quote-share";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /quickshare/<slug>/quote — price and access decision for this request, without reading or charging
export const GET = route({ ...quoteOp, auth: "optional" }, ({ req, params, query, session }) => {
  const credentials = parseCredentials(req.headers);
  return quoteShare({ slug: params.slug, claim: query.wallet ?? null, proof: credentials.proof, sessionWallet: session?.wallet ?? null, now: requestNow(req), audience: audienceOf({ actor: credentials.actor }) });
});
