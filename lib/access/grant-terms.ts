import "server-only";
import type { Address } from "viem";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { entitle } from "./entitle";
import { signUnlockProof } from "./sign-unlock-proof";
import type { AccessAdapter, AccessContext, GrantTerms, PaymentSummary } from "./types";

/** A payment that was just settled for this read (its entitlement is already recorded with it). */
export type PaidGrant = { wallet: Address; payment: PaymentSummary; headers?: Record<string, string> };

/**
 * Who is granted and how: a just-settled payment, or a grant decision — whose free or whitelist
 * entitlement is recorded first, for shares and posts alike, whatever asked (route or page) — and
 * the unlock proof an entitled wallet gets: the live one it sent, or a fresh 12-hour one.
 */
export async function grantTerms<R extends { id: string }>(adapter: AccessAdapter<R, unknown>, ctx: AccessContext<R>, paid?: PaidGrant): Promise<GrantTerms> {
  const { resource, decision, viewer, now } = ctx;
  if (!resource) throw new Error("a grant without a resource");
  const proofFor = (wallet: Address, live: string | null) => live ?? signUnlockProof({ secret: env.UNLOCK_PROOF_SECRET, proofId: adapter.proofId(resource), wallet, iat: Math.floor(now.getTime() / 1000) });
  if (paid) {
    return { via: "payment", wallet: paid.wallet, entitled: true, entitlementSource: "payment", unlockProof: proofFor(paid.wallet, null), payment: paid.payment, now };
  }
  if (decision.outcome !== "grant") throw new Error(`a grant for a ${decision.outcome} decision`);
  const wallet = viewer.wallet;
  const source = decision.entitle;
  if (source && wallet) await db.$transaction((tx) => entitle(adapter, tx, resource, { wallet, source, payment: null }));
  const entitled = decision.issueProof && !!wallet;
  return {
    via: decision.via,
    wallet,
    entitled,
    entitlementSource: source ?? ctx.entitlementSource,
    unlockProof: entitled && wallet ? proofFor(wallet, viewer.liveProof) : null,
    payment: null,
    now,
  };
}
