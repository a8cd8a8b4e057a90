import { audienceOf } from "@/lib/access/audience-of";
import { serveMedia } from "@/lib/access/serve-media";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { mediaOp } from "@/lib/openapi/paths-quickshare";
import { shareAccess } from "@/lib/quickshare/share-access";
import { wantsDownload } from "@/lib/schemas/media";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /quickshare/<slug>/media/<kind>?index=N — one decrypted asset (proof, wallet + session, or a free public share)
export const GET = route({ ...mediaOp, auth: "optional", writes: "counts" }, ({ req, params, query, session }) => {
  const credentials = parseCredentials(req.headers);
  return serveMedia(shareAccess, {
    key: params.slug, kind: params.kind, index: query.index,
    proof: credentials.proof ?? query.proof ?? null, audience: audienceOf({ actor: credentials.actor }),
    claim: query.wallet ?? null, sessionWallet: session?.wallet ?? null,
    download: wantsDownload(query.download), range: req.headers.get("range"), head: req.method === "HEAD", now: requestNow(req),
  });
});
