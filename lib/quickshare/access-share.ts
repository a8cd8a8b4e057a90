import "server-only";
import { decisionError } from "./decision-error";
import { grantResponse } from "./grant-response";
import { claimedPayer, hasPaymentCredentials } from "./claimed-payer";
import { decideFor, loadAccess, type AccessRequest } from "./load-access";
import { payForShare } from "./pay-for-share";
import { shareUrls } from "./share-urls";

/**
 * The single read of a share (GET /quickshare/<slug>/access, GET /qs/<slug> for agents, POST
 * /quickshare/<slug>/unlock): 200 with the decrypted body, 402 challenge, 403, 404, 410, 419 or a
 * redirect for a legacy share — all from the one access decision.
 */
export async function accessShare({ req, ...request }: AccessRequest & { req: Request }): Promise<Response> {
  let ctx = await loadAccess(request);
  // Payment credentials from an otherwise anonymous request name their payer: decide for it (its tier,
  // its invitation), so an invited payer need not also pass ?wallet=.
  if (!ctx.viewer.wallet && ctx.share && hasPaymentCredentials(req.headers)) {
    const payer = await claimedPayer({ headers: req.headers, resourceUrl: shareUrls(ctx.share.slug).access });
    if (payer) ctx = await decideFor({ share: ctx.share, viewer: { ...ctx.viewer, wallet: payer.wallet, possessed: false }, purpose: ctx.purpose, now: ctx.now });
  }
  const { decision } = ctx;
  if (decision.outcome === "redirect") return Response.redirect(decision.url, 302);
  const err = decisionError(decision);
  if (err) throw err;
  if (decision.outcome === "charge") return payForShare({ ctx, req });
  return grantResponse(ctx);
}
