import "server-only";
import type { Address } from "viem";
import type { z } from "zod";
import type { paymentSummary } from "@/lib/schemas/quickshare";
import { buildGrant, type Via } from "./build-grant";
import type { AccessDecision } from "./decide-access";
import { grantAccess } from "./grant-access";
import type { AccessContext } from "./load-access";
import type { Viewer } from "./resolve-viewer";

/** Decrypted bodies are never cached by anyone (rule 9). */
export const NO_STORE = "private, no-store";

/** A payment that was just settled for this read (its entitlement is already recorded with it). */
export type PaidGrant = { wallet: Address; payment: z.infer<typeof paymentSummary>; headers?: Record<string, string> };

/**
 * Who is granted and how, for a share or a hosted-blog post: a just-settled payment, or a grant
 * decision whose free or whitelist entitlement `entitle` records first.
 */
export async function grantTerms(
  ctx: { viewer: Viewer; decision: AccessDecision; entitlementSource: string | null },
  paid: PaidGrant | undefined,
  entitle: (wallet: Address, source: "free" | "whitelist") => Promise<unknown>,
): Promise<{ via: Via; wallet: Address | null; entitled: boolean; source: string | null }> {
  if (paid) return { via: "payment", wallet: paid.wallet, entitled: true, source: "payment" };
  const { decision, viewer } = ctx;
  if (decision.outcome !== "grant") throw new Error(`a grant response for a ${decision.outcome} decision`);
  if (decision.entitle && viewer.wallet) await entitle(viewer.wallet, decision.entitle);
  return { via: decision.via, wallet: viewer.wallet, entitled: decision.issueProof, source: decision.entitle ?? ctx.entitlementSource };
}

/**
 * Acts on a grant decision: records the free or whitelist entitlement it calls for, then answers
 * 200 with the decrypted body and the unlock proof. `paid` is set when a payment was just settled
 * (its entitlement is already recorded with the payment).
 */
export async function grantResponse(ctx: AccessContext, paid?: PaidGrant): Promise<Response> {
  const { share } = ctx;
  if (!share) throw new Error("grantResponse without a share");
  const { via, wallet, entitled, source } = await grantTerms(ctx, paid, (wallet, entitle) => grantAccess({ shareId: share.id, wallet, source: entitle }));
  const body = await buildGrant({
    share, via, wallet, entitled, entitlementSource: source,
    liveProof: paid ? null : ctx.viewer.liveProof, payment: paid?.payment ?? null, now: ctx.now,
  });
  return Response.json(body, { headers: { "cache-control": NO_STORE, ...paid?.headers } });
}
