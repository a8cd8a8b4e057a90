import type { Hex, TypedDataDomain } from "viem";
import { transferWithAuthorizationTypes } from "@/lib/chain/abis";
import { typedDataDigest } from "@/lib/crypto/typed-data-digest";

type Message = { from: Hex; to: Hex; value: bigint; validAfter: bigint; validBefore: bigint; nonce: Hex };

/**
 * The EIP-712 digest of a TransferWithAuthorization, equal to viem's `hashTypedData` for the same
 * domain and message (lib/x402/authorization-digest.test.ts), for the price of two keccaks: the type
 * hash and each domain's separator are kept (lib/crypto/typed-data-digest.ts).
 */
export function authorizationDigest(domain: TypedDataDomain, message: Message): Hex {
  return typedDataDigest({ domain, types: transferWithAuthorizationTypes, primaryType: "TransferWithAuthorization", message });
}
