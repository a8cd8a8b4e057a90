import { isAddressEqual, type Address } from "viem";
import type { UnlockProofCheck } from "./verify-unlock-proof";

export type ProofState = "none" | "valid" | "expired" | "invalid";

export type Viewer = {
  /** The wallet the request is about: the claim, else the proof's wallet, else the session's. */
  wallet: Address | null;
  /** True when that wallet is proven: a live unlock proof bound to it, or a session of that wallet. */
  possessed: boolean;
  proof: ProofState;
  /** When possession comes from a live proof, the proof itself (re-sent instead of a fresh one). */
  liveProof: string | null;
};

/**
 * Access rule 3: a bare wallet (query `wallet`, body `walletAddress`) is a claim only. It may
 * change the price but grants nothing; possession is a valid unlock proof bound to that wallet
 * or a session whose wallet matches it.
 */
export function resolveViewer({ claim, proof, proofCheck, sessionWallet }: {
  claim: Address | null;
  proof: string | null;
  proofCheck: UnlockProofCheck | null;
  sessionWallet: Address | null;
}): Viewer {
  const proofState: ProofState = !proofCheck ? "none" : !proofCheck.ok ? "invalid" : proofCheck.expired ? "expired" : "valid";
  const proofWallet = proofCheck?.ok ? proofCheck.wallet : null;
  const wallet = claim ?? proofWallet ?? sessionWallet;
  if (!wallet) return { wallet: null, possessed: false, proof: proofState, liveProof: null };
  const byProof = proofState === "valid" && !!proofWallet && isAddressEqual(proofWallet, wallet);
  const bySession = !!sessionWallet && isAddressEqual(sessionWallet, wallet);
  return { wallet, possessed: byProof || bySession, proof: proofState, liveProof: byProof ? proof : null };
}
