import { recoverMessageAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { transferOwnerMessage } from "./transfer-owner-message";

describe("transferOwnerMessage", () => {
  it("is the documented four lines, hash lowercased, no trailing newline", () => {
    const text = transferOwnerMessage({ chainId: 5042002, txHash: `0x${"AB".repeat(32)}`, resourceUrl: "https://a.example/p/1" });
    expect(text).toBe(`x402 transfer payment\nChain: eip155:5042002\nTransaction: 0x${"ab".repeat(32)}\nResource: https://a.example/p/1`);
  });

  it("binds chain, tx and resource: a signature over one never recovers for another", async () => {
    const account = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    const base = { chainId: 5042002, txHash: `0x${"11".repeat(32)}`, resourceUrl: "https://a.example/p/1" };
    const signature = await account.signMessage({ message: transferOwnerMessage(base) });
    expect(await recoverMessageAddress({ message: transferOwnerMessage(base), signature })).toBe(account.address);
    for (const other of [{ ...base, chainId: 5042 }, { ...base, txHash: `0x${"12".repeat(32)}` }, { ...base, resourceUrl: "https://a.example/p/2" }]) {
      expect(await recoverMessageAddress({ message: transferOwnerMessage(other), signature })).not.toBe(account.address);
    }
  });
});
