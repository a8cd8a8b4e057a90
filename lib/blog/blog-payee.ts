import "server-only";
import { getAddress, type Address } from "viem";
import { predictFeeWallet } from "@/lib/chain/predict";
import { env } from "@/lib/env";
import { HOSTED_FEE_BPS } from "@/lib/x402/constants";
import type { BlogSite } from "./blog-context";

/**
 * Who is paid for what a hosted blog sells (its posts, its pass): the owner's fee wallet (99 %
 * creator, 1 % protocol, split on chain) when the fee-wallet factory is configured, else the owner.
 */
export function blogPayee(site: BlogSite): { payTo: Address; recipient: Address; feeBps: number } {
  const owner = getAddress(site.ownerWallet);
  const factory = env.FEE_WALLET_FACTORY_ADDRESS as Address | undefined;
  const payTo = site.feeWallet ? getAddress(site.feeWallet) : factory ? predictFeeWallet({ factory, creator: owner }) : owner;
  return { payTo, recipient: owner, feeBps: payTo === owner ? 0 : HOSTED_FEE_BPS };
}
