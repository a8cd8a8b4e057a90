import { describe, expect, it } from "vitest";
import { formatUsdc, parseUsdc, splitFee, usdcNumber } from "./money";

describe("money", () => {
  it.each([
    ["0", 0n], ["0.01", 10_000n], ["1", 1_000_000n], ["1.5", 1_500_000n], ["0.000001", 1n], ["123456.123456", 123_456_123_456n],
  ])("parses %s exactly", (text, atomic) => {
    expect(parseUsdc(text)).toBe(atomic);
    expect(formatUsdc(atomic)).toBe(text);
  });

  it.each(["-1", "1.0000001", "1e3", "abc", "", ".5", "01", "1."])("rejects %j", (text) => {
    expect(() => parseUsdc(text)).toThrow(RangeError);
  });

  it("parses numbers without float noise", () => {
    expect(parseUsdc(0.1 + 0.2)).toBe(300_000n);
    expect(parseUsdc(0.01)).toBe(10_000n);
    expect(usdcNumber(10_000n)).toBe(0.01);
    expect(formatUsdc(-2_500_000n)).toBe("-2.5");
  });

  it("splits fees rounding down to the treasury and losing nothing", () => {
    expect(splitFee(1_000_001n, 500)).toEqual({ fee: 50_000n, net: 950_001n });
    expect(splitFee(99n, 100)).toEqual({ fee: 0n, net: 99n });
    expect(splitFee(10_000n, 100)).toEqual({ fee: 100n, net: 9_900n });
    for (const amount of [1n, 7n, 333_333n, 10n ** 15n + 1n]) {
      const { fee, net } = splitFee(amount, 137);
      expect(fee + net).toBe(amount);
    }
    expect(() => splitFee(1n, 10_001)).toThrow();
  });
});
