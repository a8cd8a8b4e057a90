import { accessResource } from "@/lib/access/access-resource";
import { accessRouteAnswer } from "@/lib/access/access-route-answer";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { unlockOp } from "@/lib/openapi/paths-quickshare";
import { shareAccess } from "@/lib/quickshare/share-access";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// POST /quickshare/<slug>/unlock — pay over x402, or name walletAddress (with a session or proof) for a free share
export const POST = route({ ...unlockOp, auth: "optional", writes: "counts" }, async ({ req, params, body, session }) =>
  accessRouteAnswer(
    await accessResource(shareAccess, {
      key: params.slug, claim: body.walletAddress ?? null, sessionWallet: session?.wallet ?? null,
      credentials: parseCredentials(req.headers), purpose: "unlock", now: requestNow(req),
    }),
  ),
);
