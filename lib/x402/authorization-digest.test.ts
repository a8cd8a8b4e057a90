import { getAddress, hashTypedData, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { transferWithAuthorizationTypes } from "@/lib/chain/abis";
import { authorizationDigest } from "./authorization-digest";

const domains = [
  { name: "GatewayWalletBatched", version: "1", chainId: 5042002, verifyingContract: getAddress("0x0077777d7eba4688bdef3e311b846f25870a19b9") },
  { name: "USD Coin", version: "2", chainId: 31337, verifyingContract: getAddress("0x5fbdb2315678afecb367f032d93f642f64180aa3") },
  { name: "USDC", version: "2", chainId: 1, verifyingContract: getAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48") },
];
const messages = [
  { from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", to: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", value: 10_000n, validAfter: 0n, validBefore: 1_900_000_000n, nonce: `0x${"ab".repeat(32)}` },
  { from: "0x0000000000000000000000000000000000000001", to: "0xffffffffffffffffffffffffffffffffffffffff", value: 2n ** 256n - 1n, validAfter: 1n, validBefore: 2n ** 64n, nonce: `0x${"00".repeat(31)}01` },
] as Array<{ from: Hex; to: Hex; value: bigint; validAfter: bigint; validBefore: bigint; nonce: Hex }>;

describe("authorizationDigest", () => {
  it.each(domains.flatMap((d) => messages.map((m) => [d, m] as const)))("equals viem's hashTypedData (%o)", (domain, message) => {
    const viem = hashTypedData({ domain, types: transferWithAuthorizationTypes, primaryType: "TransferWithAuthorization", message });
    expect(authorizationDigest(domain, message)).toBe(viem);
    expect(authorizationDigest(domain, message)).toBe(viem); // the cached separator gives the same
  });
});
