import { isAddressEqual, type Address } from "viem";
import { env } from "@/lib/env";

/** Whether `wallet` is one of OPERATOR_WALLETS (the wallets that may open /ops and retry payments). */
export function isOperator(wallet: string | null | undefined): boolean {
  if (!wallet || !/^0x[0-9a-fA-F]{40}$/.test(wallet)) return false;
  return env.OPERATOR_WALLETS.some((w) => isAddressEqual(w, wallet as Address));
}
