import "server-only";
import { getAddress, type Address } from "viem";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { decideAccess, type AccessDecision, type AccessPurpose, type EntitlementState } from "./decide-access";
import { findShare, type ShareRow } from "./find-share";
import { resolveViewer, type Viewer } from "./resolve-viewer";
import { verifyUnlockProof } from "./verify-unlock-proof";

export type AccessRequest = {
  slug: string;
  /** query `wallet` or body `walletAddress`: a claim only */
  claim?: string | null;
  /** header x-svc-payment-proof (media: also query proof) */
  proof?: string | null;
  sessionWallet?: string | null;
  purpose: AccessPurpose;
  now?: Date;
};

export type AccessContext = {
  share: ShareRow | null;
  viewer: Viewer;
  whitelisted: boolean;
  entitlement: EntitlementState;
  /** How the viewer's entitlement came about (payment, free, whitelist, ban), when there is one. */
  entitlementSource: string | null;
  decision: AccessDecision;
  purpose: AccessPurpose;
  now: Date;
};

export const entitlementKey = (shareId: string) => `qs:${shareId}`;

/** Loads everything the access decision needs for one request and decides (rules 1–10). */
export async function loadAccess(req: AccessRequest): Promise<AccessContext> {
  const now = req.now ?? new Date();
  const share = await findShare({ slug: req.slug });
  const viewer = viewerOf({ proofId: share?.id ?? null, claim: req.claim, proof: req.proof, sessionWallet: req.sessionWallet, now });
  return decideFor({ share, viewer, purpose: req.purpose, now });
}

/**
 * The viewer of one request for a share or a hosted-blog post (`proofId`: the id its unlock proofs
 * are bound to; null when the resource is unknown, so no proof is checked): the claimed wallet, the
 * checked unlock proof and the session's wallet, resolved by access rule 3.
 */
export function viewerOf({ proofId, claim, proof, sessionWallet, now }: {
  proofId: string | null;
  claim?: string | null;
  proof?: string | null;
  sessionWallet?: string | null;
  now: Date;
}): Viewer {
  const p = proof?.trim() || null;
  const proofCheck = proofId && p ? verifyUnlockProof({ proof: p, shareId: proofId, secret: env.UNLOCK_PROOF_SECRET, now }) : null;
  return resolveViewer({
    claim: claim ? getAddress(claim) : null,
    proof: p,
    proofCheck,
    sessionWallet: sessionWallet ? getAddress(sessionWallet) : null,
  });
}

/** Decides again for a known viewer, e.g. the verified payer of a payment (possessed by its signature). */
export async function decideFor({ share, viewer, purpose, now }: { share: ShareRow | null; viewer: Viewer; purpose: AccessPurpose; now: Date }): Promise<AccessContext> {
  const { whitelisted, entitlement, entitlementSource } =
    share && viewer.wallet ? await walletState(share.id, viewer.wallet) : { whitelisted: false, entitlement: null, entitlementSource: null };
  const decision = decideAccess({ share: share && accessShape(share), viewer, whitelisted, entitlement, purpose, now });
  return { share, viewer, whitelisted, entitlement, entitlementSource, decision, purpose, now };
}

async function walletState(shareId: string, wallet: Address) {
  const [listed, ent] = await Promise.all([
    db.quickshareWhitelist.findUnique({ where: { shareId_wallet: { shareId, wallet } }, select: { id: true } }),
    db.entitlement.findUnique({ where: { resourceKey_wallet: { resourceKey: entitlementKey(shareId), wallet } }, select: { status: true, source: true } }),
  ]);
  return { whitelisted: !!listed, entitlement: (ent?.status as EntitlementState) ?? null, entitlementSource: ent?.source ?? null };
}

function accessShape(share: ShareRow) {
  return {
    status: share.status,
    expiresAt: share.expiresAt,
    priceAtomic: share.priceAtomic,
    whitelistPriceAtomic: share.whitelistPriceAtomic,
    publicAccess: share.publicAccess,
    legacyUrl: share.legacyUrl,
    hasBody: !!share.bodyStorageRef,
  };
}
