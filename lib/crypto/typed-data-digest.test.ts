import { createOfferDomain, createReceiptDomain, OFFER_TYPES, RECEIPT_TYPES } from "@x402/extensions/offer-receipt";
import { getAddress, hashTypedData } from "viem";
import { describe, expect, it } from "vitest";
import { typedDataDigest, type TypedDataInput } from "./typed-data-digest";

const viem = (input: TypedDataInput) => hashTypedData(input as Parameters<typeof hashTypedData>[0]);

const receipts = [
  { version: 1n, network: "eip155:5042002", resourceUrl: "https://hub.example/hub/pay?content=liner-notes", payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", issuedAt: 1_790_000_000n, transaction: "" },
  { version: 1n, network: "eip155:1", resourceUrl: "https://blog.example/article/Café 日本語 🎵?q=\"x\"&y=\\", payer: "", issuedAt: 0n, transaction: `0x${"ab".repeat(32)}` },
];
const offers = [
  { version: 1n, resourceUrl: "https://hub.example/qs/DFMpkXJ7", scheme: "exact", network: "eip155:5042002", asset: getAddress("0x5fbdb2315678afecb367f032d93f642f64180aa3"), payTo: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", amount: "10000", validUntil: 1_790_000_300n },
];

describe("typedDataDigest", () => {
  it.each(receipts)("equals viem's hashTypedData for a receipt (%o)", (message) => {
    const input = { domain: createReceiptDomain(), types: RECEIPT_TYPES, primaryType: "Receipt", message };
    expect(typedDataDigest(input)).toBe(viem(input));
    expect(typedDataDigest(input)).toBe(viem(input)); // the kept separator and type hash give the same
  });

  it.each(offers)("equals viem's hashTypedData for an offer (%o)", (message) => {
    const input = { domain: createOfferDomain(), types: OFFER_TYPES, primaryType: "Offer", message };
    expect(typedDataDigest(input)).toBe(viem(input));
  });

  it("takes every flat field kind, numbers as bigints or safe integers, and hashes what it does not take as viem does", () => {
    const types = { Mixed: [{ name: "ok", type: "bool" }, { name: "small", type: "uint8" }, { name: "id", type: "bytes4" }, { name: "data", type: "bytes" }, { name: "who", type: "address" }] };
    const domain = { name: "Test", version: "1", chainId: 31337, verifyingContract: getAddress("0x0077777d7eba4688bdef3e311b846f25870a19b9") };
    const message = { ok: true, small: 255, id: "0xdeadbeef", data: "0x0102", who: "0x0000000000000000000000000000000000000001" };
    expect(typedDataDigest({ domain, types, primaryType: "Mixed", message })).toBe(viem({ domain, types, primaryType: "Mixed", message }));
    expect(typedDataDigest({ domain, types, primaryType: "Mixed", message: { ...message, ok: false, small: 0n, data: "0x" } })).toBe(
      viem({ domain, types, primaryType: "Mixed", message: { ...message, ok: false, small: 0n, data: "0x" } }),
    );
    // Nested structs, arrays and signed integers: viem's own encoder.
    const nested = {
      types: { Outer: [{ name: "inner", type: "Inner" }, { name: "list", type: "uint256[]" }, { name: "delta", type: "int256" }], Inner: [{ name: "s", type: "string" }] },
      primaryType: "Outer",
      message: { inner: { s: "x" }, list: [1n, 2n], delta: -5n },
    };
    expect(typedDataDigest({ domain, ...nested })).toBe(viem({ domain, ...nested }));
    // A value out of its type's range is refused as viem refuses it, not hashed.
    expect(() => typedDataDigest({ domain, types, primaryType: "Mixed", message: { ...message, small: 256 } })).toThrow();
  });
});
