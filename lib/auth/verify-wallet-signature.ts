import "server-only";
import { verifyMessage, type Address, type Hex } from "viem";
import { publicClient } from "@/lib/chain/clients";

/** True when `signature` is `address`'s EIP-191 signature of `message` (EOA, or ERC-1271/6492 smart account via the chain). */
export async function verifyWalletSignature(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    if (await verifyMessage({ address, message, signature })) return true;
  } catch {
    // not a plain 65-byte ECDSA signature: may be a smart-account signature, tried below
  }
  if (signature.length <= 132) return false;
  try {
    return await publicClient().verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}
