import "server-only";
import { getAddress } from "viem";
import { env } from "@/lib/env";
import { resolveViewer, type Viewer } from "./resolve-viewer";
import { verifyUnlockProof } from "./verify-unlock-proof";

/**
 * The viewer of one request for a gated resource (`proofId`: the id its unlock proofs are bound
 * to; null when the resource is unknown, so no proof is checked): the claimed wallet, the checked
 * unlock proof and the session's wallet, resolved by access rule 3.
 */
export function viewerOf({ proofId, passProofIds = [], claim, proof, sessionWallet, now }: {
  proofId: string | null;
  /** Other ids a proof may be bound to: the passes that cover the resource. */
  passProofIds?: string[];
  claim?: string | null;
  proof?: string | null;
  sessionWallet?: string | null;
  now: Date;
}): Viewer {
  const p = proof?.trim() || null;
  const check = (id: string) => verifyUnlockProof({ proof: p!, proofId: id, secret: env.UNLOCK_PROOF_SECRET, now });
  let proofCheck = proofId && p ? check(proofId) : null;
  for (const id of passProofIds) {
    if (!proofCheck || proofCheck.ok) break;
    const other = check(id);
    if (other.ok) proofCheck = other;
  }
  return resolveViewer({
    claim: claim ? getAddress(claim) : null,
    proof: p,
    proofCheck,
    sessionWallet: sessionWallet ? getAddress(sessionWallet) : null,
  });
}
