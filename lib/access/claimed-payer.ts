import "server-only";
import { getAddress, recoverMessageAddress, type Address, type Hex } from "viem";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import type { PaymentCredentials, PaymentPayload } from "@/lib/x402/payment-credentials";
import { transferOwnerMessage } from "@/lib/x402/transfer-owner-message";

export type ClaimedPayer = { wallet: Address; rail: "signature" | "transfer"; payload?: PaymentPayload };

/**
 * Who the credentials say pays, before anything is verified or charged: the authorization's `from`
 * (Payment-Signature), or the signer of the transfer-ownership message (x-svc-tx-owner). Used only
 * to refuse early (ban, invite list, another wallet) and to price the payer's tier; lib/x402 then
 * verifies everything. Null when there are none or they cannot be used (lib/x402 answers those).
 */
export async function claimedPayer({ credentials, resourceUrl }: { credentials: PaymentCredentials; resourceUrl: string }): Promise<ClaimedPayer | null> {
  if (credentials.kind === "signature") {
    try {
      return { wallet: getAddress(credentials.payload.payload.authorization.from), rail: "signature", payload: credentials.payload };
    } catch {
      return null;
    }
  }
  if (credentials.kind !== "transfer") return null;
  const { txHash, owner } = credentials;
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash) || !/^0x([0-9a-fA-F]{2})+$/.test(owner)) return null;
  const message = transferOwnerMessage({ chainId: NETWORKS[env.NETWORK_MODE].chainId, txHash, resourceUrl });
  const wallet = await recoverMessageAddress({ message, signature: owner as Hex }).catch(() => null);
  return wallet ? { wallet: getAddress(wallet), rail: "transfer" } : null;
}
