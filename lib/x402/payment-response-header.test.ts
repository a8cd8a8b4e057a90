import { decodePaymentResponseHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { paymentResponseHeader } from "./payment-response-header";
import { toReceipt } from "./to-receipt";

const payment = { id: "pay_1", rail: "gateway", status: "locked", chainId: 5042002, payTo: "0x00000000000000000000000000000000000000aa" };
const receipt = {
  id: "r1", paymentId: "pay_1", network: "testnet", paymentProvider: "x402-gateway", verified: true, contentId: "c1",
  recipient: "0x00000000000000000000000000000000000000bb", amountAtomic: 50_000n, revenueAtomic: 49_500n, protocolFeeAtomic: 500n,
  currency: "USDC", payer: "0x00000000000000000000000000000000000000cc", txHash: null, resourceUrl: null, createdAt: new Date(),
};

describe("receipts", () => {
  it("renders atomic units as the interface's numbers, exactly", () => {
    expect(toReceipt(payment, receipt)).toEqual({
      paymentProvider: "x402-gateway", verified: true, paymentId: "pay_1", recipient: receipt.recipient, network: "testnet",
      amount: 0.05, revenue: 0.0495, currency: "USDC", payer: receipt.payer, txHash: null, protocolFee: 0.0005,
      rail: "gateway", status: "locked", chainId: "eip155:5042002", payTo: payment.payTo, contentId: "c1",
    });
  });

  it("encodes PAYMENT-RESPONSE as the x402 settle response: the payment id until a tx hash exists", () => {
    const locked = toReceipt(payment, receipt);
    expect(decodePaymentResponseHeader(paymentResponseHeader(locked)["PAYMENT-RESPONSE"]!)).toEqual({
      success: true, payer: receipt.payer, transaction: "pay_1", network: "eip155:5042002", amount: "50000",
    });
    const hash = `0x${"ef".repeat(32)}`;
    const settled = toReceipt({ ...payment, status: "settled" }, { ...receipt, txHash: hash });
    expect(decodePaymentResponseHeader(paymentResponseHeader(settled)["PAYMENT-RESPONSE"]!).transaction).toBe(hash);
  });
});
