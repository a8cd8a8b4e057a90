import { decodePaymentRequiredHeader, encodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { describe, expect, it } from "vitest";
import { encodePaymentRequired } from "./encode-payment-required";

describe("encodePaymentRequired", () => {
  it("writes exactly the package's header, for ASCII, non-ASCII, astral and escaped text", () => {
    const texts = ["Liner notes", "Café — naïve «notes» 日本語", "emoji 🎵🎶 and \u2028 line", 'quotes " \\ and </script>', ""];
    for (const description of texts) {
      const challenge = {
        x402Version: 2,
        error: "payment_required",
        resource: { url: `https://hub.example/c/${encodeURIComponent(description)}`, description, mimeType: "application/json" },
        accepts: [{ scheme: "exact", network: "eip155:5042002", asset: "0x3600000000000000000000000000000000000000", amount: "10000", payTo: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955", maxTimeoutSeconds: 300, extra: { name: "USDC", version: "2" } }],
        extensions: { bazaar: { info: { input: { description } } } },
      } as PaymentRequired;
      const ours = encodePaymentRequired(challenge);
      expect(ours).toBe(encodePaymentRequiredHeader(challenge));
      expect(decodePaymentRequiredHeader(ours)).toEqual(challenge);
    }
  });
});
