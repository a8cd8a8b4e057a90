import { decodePaymentResponseHeader, encodePaymentResponseHeader } from "@x402/core/http";
import { OFFER_RECEIPT, signOfferEIP712, verifyOfferSignatureEIP712, verifyReceiptSignatureEIP712, type EIP712SignedReceipt, type OfferInput } from "@x402/extensions/offer-receipt";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it, vi } from "vitest";

const KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;
vi.mock("@/lib/env", () => ({ secp256k1Choice: () => "auto", env: { RECEIPT_SIGNING_KEY: KEY, HUB_ORIGIN: "http://127.0.0.1:3000", NETWORK_MODE: "testnet" } }));

const { cachedOffer, OFFER_WINDOW_SECONDS, withSignedReceipt } = await import("./offer-receipt");
const { paidOutcome } = await import("../paid-outcome");

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

describe("the signed receipt in PAYMENT-RESPONSE", () => {
  const payment = { id: "pay_1", rail: "gateway", status: "locked", chainId: 5042002, payTo: input.payTo, createdAt: new Date(1_800_000_000_000) };
  const receipt = {
    id: "r1", paymentId: "pay_1", network: "testnet", paymentProvider: "x402-gateway", verified: true, contentId: "c1",
    recipient: input.payTo, amountAtomic: 10_000n, revenueAtomic: 9_900n, protocolFeeAtomic: 100n,
    currency: "USDC", payer: "0x00000000000000000000000000000000000000cc", txHash: null, resourceUrl: null, createdAt: payment.createdAt,
  };
  const resource = { kind: "content", id: "c1", url, price: "0.01", payTo: input.payTo, feeBps: 100 };

  it("is the settle response paidOutcome wrote, with the receipt added: the bytes decoding and re-encoding it gives", async () => {
    const outcome = paidOutcome(payment as never, receipt as never, false);
    const signed = await withSignedReceipt(outcome, resource as never, payment.createdAt);
    const header = signed.headers["PAYMENT-RESPONSE"]!;
    const decoded = decodePaymentResponseHeader(header);
    const added = decoded.extensions?.[OFFER_RECEIPT] as { info: { receipt: EIP712SignedReceipt } };
    const settle = decodePaymentResponseHeader(outcome.headers["PAYMENT-RESPONSE"]!);
    expect(header).toBe(encodePaymentResponseHeader({ ...settle, extensions: { [OFFER_RECEIPT]: added } }));
    expect(decoded).toMatchObject({ success: true, payer: receipt.payer, transaction: "pay_1", network: "eip155:5042002", amount: "10000" });
    const { signer, payload } = await verifyReceiptSignatureEIP712(added.info.receipt);
    expect(signer.toLowerCase()).toBe(privateKeyToAccount(KEY).address.toLowerCase());
    expect(payload).toMatchObject({ resourceUrl: url, payer: receipt.payer, issuedAt: 1_800_000_000 });
    // A replay signs the same receipt, byte for byte (RFC 6979).
    expect((await withSignedReceipt(paidOutcome(payment as never, receipt as never, true), resource as never, payment.createdAt)).headers["PAYMENT-RESPONSE"]).toBe(header);
  });

  it("is not added where there is no settle response (a sign-in-with-x re-read) or no payer", async () => {
    const bare = { ...paidOutcome(payment as never, receipt as never, true), headers: {} };
    expect(await withSignedReceipt(bare, resource as never, payment.createdAt)).toBe(bare);
    const anonymous = paidOutcome(payment as never, { ...receipt, payer: null } as never, false);
    expect(await withSignedReceipt(anonymous, resource as never, payment.createdAt)).toBe(anonymous);
  });
});
