import { describe, expect, it } from "vitest";
import { parseRefundMessage, refundMessage } from "./refund-message";

const payer = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const base = { domain: "quiet-letters.example", payer, chainId: 5042002, nonce: "n0nce-1234" } as const;

describe("refundMessage", () => {
  it("renders the exact text with a cap, and with none", () => {
    expect(refundMessage({ ...base, amountAtomic: 1_500_000n })).toBe(
      [
        "Refund held tips on Paid Content Hub",
        "Domain: quiet-letters.example",
        `Payer: ${payer}`,
        "Amount: 1.5 USDC",
        "Chain: eip155:5042002",
        "Nonce: n0nce-1234",
      ].join("\n"),
    );
    expect(refundMessage({ ...base, amountAtomic: null })).toContain("\nAmount: all\n");
  });

  it("round-trips through parseRefundMessage", () => {
    for (const amountAtomic of [null, 1n, 1_000_000n, 123_456_789n]) {
      const text = refundMessage({ ...base, amountAtomic });
      expect(parseRefundMessage(text)).toEqual({ ...base, amountAtomic });
    }
  });

  const variants: Array<[string, (t: string) => string]> = [
    ["a trailing newline", (t) => `${t}\n`],
    ["CRLF line ends", (t) => t.replaceAll("\n", "\r\n")],
    ["a lowercase payer", (t) => t.replace(payer, payer.toLowerCase())],
    ["trailing zeros in the amount", (t) => t.replace("1.5 USDC", "1.50 USDC")],
    ["another title", (t) => t.replace("Refund held tips", "Refund tips")],
    ["a short nonce", (t) => t.replace("n0nce-1234", "abc")],
    ["a nonce with spaces", (t) => t.replace("n0nce-1234", "n0nce 1234")],
    ["a missing line", (t) => t.split("\n").filter((l) => !l.startsWith("Chain")).join("\n")],
    ["an uppercase domain", (t) => t.replace("quiet-letters", "Quiet-Letters")],
    ["an extra line", (t) => `${t}\nNote: hi`],
  ];
  it.each(variants)("rejects %s", (_name, change) => {
    expect(parseRefundMessage(change(refundMessage({ ...base, amountAtomic: 1_500_000n })))).toBeNull();
  });
});
