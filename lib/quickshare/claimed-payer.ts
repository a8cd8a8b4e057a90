import "server-only";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import { getAddress, recoverMessageAddress, type Address, type Hex } from "viem";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { paymentPayloadSchema } from "@/lib/schemas/x402";
import { HEADERS } from "@/lib/x402/constants";
import { transferOwnerMessage } from "@/lib/x402/transfer-owner-message";

export type ClaimedPayer = { wallet: Address; rail: "signature" | "transfer"; payload?: ReturnType<typeof paymentPayloadSchema.parse> };

/** True when the request carries x402 credentials of either rail. */
export function hasPaymentCredentials(headers: Headers): boolean {
  return HEADERS.signature.some((h) => headers.get(h)) || !!headers.get(HEADERS.transferTx) || !!headers.get(HEADERS.txOwner);
}

/**
 * Who the credentials say pays, before anything is verified or charged: the authorization's `from`
 * (Payment-Signature), or the signer of the transfer-ownership message (x-svc-tx-owner). Used only
 * to refuse early (ban, invite list, another wallet) and to price the payer's tier; lib/x402 then
 * verifies everything. Null when the credentials do not even decode (lib/x402 answers those).
 */
export async function claimedPayer({ headers, resourceUrl }: { headers: Headers; resourceUrl: string }): Promise<ClaimedPayer | null> {
  const signature = HEADERS.signature.map((h) => headers.get(h)).find((v) => v);
  if (signature) {
    try {
      const payload = paymentPayloadSchema.parse(decodePaymentSignatureHeader(signature.trim()));
      return { wallet: getAddress(payload.payload.authorization.from), rail: "signature", payload };
    } catch {
      return null;
    }
  }
  const txHash = headers.get(HEADERS.transferTx)?.trim();
  const owner = headers.get(HEADERS.txOwner)?.trim();
  if (!txHash || !owner || !/^0x[0-9a-fA-F]{64}$/.test(txHash) || !/^0x([0-9a-fA-F]{2})+$/.test(owner)) return null;
  const message = transferOwnerMessage({ chainId: NETWORKS[env.NETWORK_MODE].chainId, txHash, resourceUrl });
  const wallet = await recoverMessageAddress({ message, signature: owner as Hex }).catch(() => null);
  return wallet ? { wallet: getAddress(wallet), rail: "transfer" } : null;
}
