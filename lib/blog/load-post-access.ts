import "server-only";
import type { Address } from "viem";
import { db } from "@/lib/db";
import { decideAccess, type AccessDecision, type AccessPurpose, type EntitlementState } from "@/lib/quickshare/decide-access";
import { viewerOf } from "@/lib/quickshare/load-access";
import type { Viewer } from "@/lib/quickshare/resolve-viewer";
import type { PostRow } from "./find-post";
import { postEntitlementKey, postGate, postProofId } from "./post-gate";

export type PostAccessContext = {
  post: PostRow | null;
  viewer: Viewer;
  whitelisted: boolean;
  entitlement: EntitlementState;
  entitlementSource: string | null;
  decision: AccessDecision;
  purpose: AccessPurpose;
  now: Date;
};

/** Loads what the shared access decision needs for one read of a post and decides (same rules as shares). */
export async function loadPostAccess({ post, claim, proof, sessionWallet, purpose, now = new Date() }: {
  post: PostRow | null;
  claim?: string | null;
  proof?: string | null;
  sessionWallet?: string | null;
  purpose: AccessPurpose;
  now?: Date;
}): Promise<PostAccessContext> {
  const viewer = viewerOf({ proofId: post ? postProofId(post.id) : null, claim, proof, sessionWallet, now });
  return decidePostFor({ post, viewer, purpose, now });
}

/** Decides again for a known viewer (e.g. the payer named by payment credentials). */
export async function decidePostFor({ post, viewer, purpose, now }: { post: PostRow | null; viewer: Viewer; purpose: AccessPurpose; now: Date }): Promise<PostAccessContext> {
  const state = post && viewer.wallet ? await walletState(post.id, viewer.wallet) : { whitelisted: false, entitlement: null, entitlementSource: null };
  const decision = decideAccess({ share: post && postGate(post), viewer, whitelisted: state.whitelisted, entitlement: state.entitlement, purpose, now });
  return { post, viewer, ...state, decision, purpose, now };
}

async function walletState(postId: string, wallet: Address) {
  const [listed, ent] = await Promise.all([
    db.blogWhitelist.findUnique({ where: { postId_wallet: { postId, wallet } }, select: { id: true } }),
    db.entitlement.findUnique({ where: { resourceKey_wallet: { resourceKey: postEntitlementKey(postId), wallet } }, select: { status: true, source: true } }),
  ]);
  return { whitelisted: !!listed, entitlement: (ent?.status as EntitlementState) ?? null, entitlementSource: ent?.source ?? null };
}
