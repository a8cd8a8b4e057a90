import { describe, expect, it } from "vitest";
import { allocateFee } from "./allocate-fee";

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe("allocateFee", () => {
  it("gives each row its exact share when nothing rounds", () => {
    expect(allocateFee([1_000_000n, 3_000_000n], 500)).toEqual([50_000n, 150_000n]);
  });

  it("sums exactly to floor(total × bps / 10000) and hands the remainder to the largest fractions", () => {
    // 3 × 0.000033 at 5%: each exact share is 1.65 units; total fee floor(99 × 0.05) = 4.
    const fees = allocateFee([33n, 33n, 33n], 500);
    expect(sum(fees)).toBe(4n);
    expect(fees).toEqual([2n, 1n, 1n]);
  });

  it("matches the contract's fee on the whole for random amounts", () => {
    for (let n = 0; n < 200; n++) {
      const amounts = Array.from({ length: 1 + (n % 7) }, (_, i) => BigInt(((n + 1) * 7919 * (i + 3)) % 5_000_000) + 1n);
      const fees = allocateFee(amounts, 500);
      expect(sum(fees)).toBe((sum(amounts) * 500n) / 10_000n);
      fees.forEach((f, i) => expect(f <= (amounts[i]! * 500n) / 10_000n + 1n).toBe(true));
    }
  });

  it("is zero at 0 bps and refuses an out-of-range rate", () => {
    expect(allocateFee([5n, 7n], 0)).toEqual([0n, 0n]);
    expect(() => allocateFee([1n], 10_001)).toThrow(RangeError);
  });
});
