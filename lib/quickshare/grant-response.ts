import "server-only";
import type { Address } from "viem";
import type { z } from "zod";
import type { paymentSummary } from "@/lib/schemas/quickshare";
import { buildGrant, type Via } from "./build-grant";
import { grantAccess } from "./grant-access";
import type { AccessContext } from "./load-access";

/** Decrypted bodies are never cached by anyone (rule 9). */
export const NO_STORE = "private, no-store";

/**
 * Acts on a grant decision: records the free or whitelist entitlement it calls for, then answers
 * 200 with the decrypted body and the unlock proof. `paid` is set when a payment was just settled
 * (its entitlement is already recorded with the payment).
 */
export async function grantResponse(ctx: AccessContext, paid?: { wallet: Address; payment: z.infer<typeof paymentSummary>; headers?: Record<string, string> }): Promise<Response> {
  const { share, viewer, decision } = ctx;
  if (!share) throw new Error("grantResponse without a share");
  let via: Via;
  let entitled: boolean;
  let source: string | null;
  let wallet = viewer.wallet;
  if (paid) {
    via = "payment";
    entitled = true;
    source = "payment";
    wallet = paid.wallet;
  } else {
    if (decision.outcome !== "grant") throw new Error(`grantResponse for a ${decision.outcome} decision`);
    if (decision.entitle && wallet) await grantAccess({ shareId: share.id, wallet, source: decision.entitle });
    via = decision.via;
    entitled = decision.issueProof;
    source = decision.entitle ?? ctx.entitlementSource;
  }
  const body = await buildGrant({
    share, via, wallet, entitled, entitlementSource: source,
    liveProof: paid ? null : viewer.liveProof, payment: paid?.payment ?? null, now: ctx.now,
  });
  return Response.json(body, { headers: { "cache-control": NO_STORE, ...paid?.headers } });
}
