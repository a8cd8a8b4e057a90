import { describe, expect, it } from "vitest";
import { claimTokenMessage } from "./claim-token-message";

describe("claimTokenMessage", () => {
  it("renders the exact text with a checksummed wallet", () => {
    expect(
      claimTokenMessage({ domain: "quiet-letters.example", siteId: "site-1", payTo: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", chainId: 5042002 }),
    ).toBe(
      [
        "Claim held tips on Paid Content Hub",
        "Domain: quiet-letters.example",
        "Site: site-1",
        "Pay to: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        "Chain: eip155:5042002",
      ].join("\n"),
    );
  });
});
