import { accessResource } from "@/lib/access/access-resource";
import { accessRouteAnswer } from "@/lib/access/access-route-answer";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { accessOp } from "@/lib/openapi/paths-quickshare";
import { shareAccess } from "@/lib/quickshare/share-access";
import { parseCredentials } from "@/lib/x402/parse-credentials";

// GET /quickshare/<slug>/access — the single read route: 200 grant, 402 challenge, 403, 404, 410, 419
export const GET = route({ ...accessOp, auth: "optional", writes: "counts" }, async ({ req, params, query, session }) =>
  accessRouteAnswer(
    await accessResource(shareAccess, {
      key: params.slug, claim: query.wallet ?? null, sessionWallet: session?.wallet ?? null,
      credentials: parseCredentials(req.headers), purpose: "access", now: requestNow(req),
    }),
  ),
);
