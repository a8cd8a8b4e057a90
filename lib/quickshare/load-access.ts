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
  const proof = req.proof?.trim() || null;
  const proofCheck = share && proof ? verifyUnlockProof({ proof, shareId: share.id, secret: env.UNLOCK_PROOF_SECRET, now }) : null;
  const viewer = resolveViewer({
    claim: req.claim ? getAddress(req.claim) : null,
    proof,
    proofCheck,
    sessionWallet: req.sessionWallet ? getAddress(req.sessionWallet) : null,
  });
  return decideFor({ share, viewer, purpose: req.purpose, now });
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
