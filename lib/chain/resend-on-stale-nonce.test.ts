import { BaseError, NonceTooLowError, TransactionExecutionError, type Account, type Chain } from "viem";
import { describe, expect, it } from "vitest";
import { isStaleNonce, resendOnStaleNonce } from "./resend-on-stale-nonce";

// What viem throws from writeContract when the node answers "nonce too low": the node's error wrapped in
// a TransactionExecutionError (anvil's wording is the second one).
const staleNonce = (message = "nonce too low") =>
  new TransactionExecutionError(new NonceTooLowError({ cause: new BaseError(message) }), { account: { address: "0x0000000000000000000000000000000000000001", type: "json-rpc" } as Account, chain: undefined as unknown as Chain });

describe("resendOnStaleNonce", () => {
  it("recognises a stale nonce however viem wraps it, and nothing else", () => {
    expect(isStaleNonce(staleNonce())).toBe(true);
    expect(isStaleNonce(new Error("Nonce provided for the transaction is lower than the current nonce of the account."))).toBe(true);
    expect(isStaleNonce(new Error("execution reverted: FiatTokenV2: authorization is used or canceled"))).toBe(false);
    expect(isStaleNonce(new Error("fetch failed"))).toBe(false);
  });

  it("sends again after a stale nonce and returns the send that went through", async () => {
    let calls = 0;
    const hash = await resendOnStaleNonce(
      async () => {
        calls++;
        if (calls < 3) throw staleNonce();
        return "0xhash";
      },
      { waitMs: 1 },
    );
    expect({ hash, calls }).toEqual({ hash: "0xhash", calls: 3 });
  });

  it("throws any other error at once, and a stale nonce after the last attempt", async () => {
    let calls = 0;
    const reverted = new Error("execution reverted");
    await expect(resendOnStaleNonce(async () => (calls++, Promise.reject(reverted)), { waitMs: 1 })).rejects.toBe(reverted);
    expect(calls).toBe(1);
    calls = 0;
    await expect(resendOnStaleNonce(async () => (calls++, Promise.reject(staleNonce())), { attempts: 4, waitMs: 1 })).rejects.toThrow(/nonce/i);
    expect(calls).toBe(4);
  });
});
