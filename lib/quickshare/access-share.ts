import "server-only";
import { decisionError } from "./decision-error";
import { grantResponse } from "./grant-response";
import { loadAccess, type AccessRequest } from "./load-access";
import { payForShare } from "./pay-for-share";

/**
 * The single read of a share (GET /quickshare/<slug>/access, GET /qs/<slug> for agents, POST
 * /quickshare/<slug>/unlock): 200 with the decrypted body, 402 challenge, 403, 404, 410, 419 or a
 * redirect for a legacy share — all from the one access decision.
 */
export async function accessShare({ req, ...request }: AccessRequest & { req: Request }): Promise<Response> {
  const ctx = await loadAccess(request);
  const { decision } = ctx;
  if (decision.outcome === "redirect") return Response.redirect(decision.url, 302);
  const err = decisionError(decision);
  if (err) throw err;
  if (decision.outcome === "charge") return payForShare({ ctx, req });
  return grantResponse(ctx);
}
