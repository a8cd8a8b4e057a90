import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { accessShare } from "@/lib/quickshare/access-share";
import { slugParams, unlockBody } from "@/lib/schemas/quickshare";

// POST /quickshare/<slug>/unlock — pay over x402, or name walletAddress (with a session or proof) for a free share
export const POST = route({ params: slugParams, body: unlockBody, auth: "optional" }, ({ req, params, body, session }) =>
  accessShare({ req, slug: params.slug, claim: body.walletAddress ?? null, proof: req.headers.get("x-svc-payment-proof"), sessionWallet: session?.wallet ?? null, purpose: "unlock", now: requestNow(req) }),
);
