import "server-only";
import { getAddress, type Address } from "viem";
import { predictFeeWallet } from "@/lib/chain/predict";
import { env } from "@/lib/env";
import { HOSTED_FEE_BPS } from "@/lib/x402/constants";

/** Who a sale of the access engine pays, who it is for, and the protocol's cut in basis points. */
export type Payee = { payTo: Address; recipient: Address; feeBps: number };

/**
 * The one payee-and-fee rule of every resource the hub hosts and sells through the access engine
 * (shares, blog posts, blog passes; docs/decisions.md, "Who is paid for what the hub hosts"): the payment goes to the owner's
 * fee wallet (99 % creator, 1 % protocol, split on chain) — the one stored for the owner's site, else
 * the one the fee-wallet factory predicts — and then carries HOSTED_FEE_BPS; with neither it goes
 * straight to the owner and carries no fee. The fee is charged exactly when the money goes to a fee wallet.
 */
export function hostedPayee({ owner, feeWallet = null }: { owner: string; feeWallet?: string | null }): Payee {
  const recipient = getAddress(owner);
  const factory = env.FEE_WALLET_FACTORY_ADDRESS;
  const payTo = feeWallet ? getAddress(feeWallet) : factory ? predictFeeWallet({ factory, creator: recipient }) : recipient;
  return { payTo, recipient, feeBps: payTo === recipient ? 0 : HOSTED_FEE_BPS };
}
