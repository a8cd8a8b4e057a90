import { signOfferEIP712, verifyOfferSignatureEIP712, type OfferInput } from "@x402/extensions/offer-receipt";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it, vi } from "vitest";

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;
vi.mock("@/lib/env", () => ({ secp256k1Choice: () => "auto", env: { RECEIPT_SIGNING_KEY: KEY, HUB_ORIGIN: "http://127.0.0.1:3000", NETWORK_MODE: "testnet" } }));

const { cachedOffer, OFFER_WINDOW_SECONDS } = await import("./offer-receipt");

const input: OfferInput = { acceptIndex: 0, scheme: "exact", network: "eip155:5042002", asset: "0x3600000000000000000000000000000000000000", payTo: "0x00000000000000000000000000000000000000aa", amount: "10000" };
const url = "http://127.0.0.1:3000/hub/pay";
const t0 = 1_800_000_020; // 20 s into a window

describe("signed offers, once per resource, terms and window", () => {
  it("reuses one signature within a window; it verifies to the key and is the account's own signature", async () => {
    const a = await cachedOffer(url, input, t0);
    const b = await cachedOffer(url, input, t0 + OFFER_WINDOW_SECONDS - 21);
    expect(b).toBe(a);
    expect(a.payload.validUntil).toBe(t0 - 20 + 300);
    const { signer, payload } = await verifyOfferSignatureEIP712(a);
    expect(signer.toLowerCase()).toBe(privateKeyToAccount(KEY).address.toLowerCase());
    expect(payload).toMatchObject({ resourceUrl: url, amount: "10000", payTo: input.payTo });
    // Native or JS curve, the bytes are the viem account's own (RFC 6979).
    expect(a.signature).toBe(await signOfferEIP712(a.payload, (p) => privateKeyToAccount(KEY).signTypedData(p as never)));
  });

  it("signs again for the next window, other terms, another resource or another option", async () => {
    const a = await cachedOffer(url, input, t0);
    const others = await Promise.all([
      cachedOffer(url, input, t0 + OFFER_WINDOW_SECONDS),
      cachedOffer(url, { ...input, amount: "10001" }, t0),
      cachedOffer(url, { ...input, payTo: "0x00000000000000000000000000000000000000bb" }, t0),
      cachedOffer(`${url}?x`, input, t0),
      cachedOffer(url, { ...input, acceptIndex: 1 }, t0),
    ]);
    for (const o of others) expect(o).not.toBe(a);
    expect(others[0]!.payload.validUntil).toBe(a.payload.validUntil + OFFER_WINDOW_SECONDS);
    expect(new Set(others.slice(0, 4).map((o) => o.signature)).size).toBe(4);
    expect(others[4]!.signature).toBe(a.signature); // the index is not signed, only carried
    for (const o of others) expect((await verifyOfferSignatureEIP712(o)).signer.toLowerCase()).toBe(privateKeyToAccount(KEY).address.toLowerCase());
  });
});
