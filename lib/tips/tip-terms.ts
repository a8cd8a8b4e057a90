import type { Address } from "viem";
import { RESOLVED_FEE_BPS } from "./fees";
import type { ResolvedRecipient } from "./resolve-recipient";

/**
 * Where a settled tip to a resolved creator is paid and the fee it carries: a hosted creator's fee
 * wallet (which splits 99/1 to the treasury when distributed), otherwise the creator's own wallet.
 */
export function tipTerms(r: ResolvedRecipient): { payTo: Address; feeBps: number; feeCollectedBy: "fee-wallet" | "none" } {
  if (r.hosted && r.feeWallet) return { payTo: r.feeWallet, feeBps: RESOLVED_FEE_BPS, feeCollectedBy: "fee-wallet" };
  return { payTo: r.wallet, feeBps: RESOLVED_FEE_BPS, feeCollectedBy: "none" };
}
