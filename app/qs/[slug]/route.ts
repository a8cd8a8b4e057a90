import { accessResource } from "@/lib/access/access-resource";
import { answerResponse } from "@/lib/access/answer-response";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { renderSharePage } from "@/lib/quickshare/render-share-page";
import { shareAccess } from "@/lib/quickshare/share-access";
import { wantsSharePage } from "@/lib/quickshare/wants-share-page";
import { slugParams, walletQuery } from "@/lib/schemas/quickshare";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /qs/<slug> — browsers get the server-rendered share page; agents get the access route's JSON and 402
export const GET = route({ params: slugParams, query: walletQuery, auth: "optional" }, async ({ req, params, query, session }) => {
  const common = { claim: query.wallet ?? null, sessionWallet: session?.wallet ?? null, now: requestNow(req) };
  const credentials = parseCredentials(req.headers);
  if (wantsSharePage({ accept: req.headers.get("accept"), credentials })) return renderSharePage({ slug: params.slug, ...common });
  return answerResponse(await accessResource(shareAccess, { key: params.slug, ...common, credentials, purpose: "access" }));
});
