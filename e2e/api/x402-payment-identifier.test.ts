// Payment identifiers (x402 v2 `payment-identifier` extension): every 402 declares it; a client that
// attaches an identifier gets the first result again for the same payment, with no second charge,
// and a 409 for another payment under the same identifier. The client side is the official one:
// @x402/fetch / x402Client with the package's appendPaymentIdentifierToExtensions.
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { appendPaymentIdentifierToExtensions, generatePaymentId, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import type { PrivateKeyAccount } from "viem";
import { afterAll, describe, expect, it } from "vitest";
import { api, HUB_URL } from "../support/hub";
import { closeDb, createShare, person } from "../support/quickshare";
import { freshPayer, hubDb, NETWORK, pay, USDC, usdc, usdcBalance } from "../support/x402";

const CONTENT = { contentId: "liner-notes" }; // 0.01 USDC
const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "1000000" }] };

/** The stock client, attaching `id` as the payment identifier of every payment it creates. */
function clientWithId(payer: PrivateKeyAccount, id: string) {
  return new x402Client()
    .register(NETWORK, new ExactEvmScheme(payer))
    .setSpendControls(spend)
    .onBeforePaymentCreation(async ({ paymentRequired }) => {
      paymentRequired.extensions = appendPaymentIdentifierToExtensions(paymentRequired.extensions ?? {}, id);
    });
}

/** A Payment-Signature for `challenge`, created by the stock client with identifier `id`. */
async function signatureWithId(payer: PrivateKeyAccount, challenge: PaymentRequired, id: string) {
  return encodePaymentSignatureHeader(await clientWithId(payer, id).createPaymentPayload(structuredClone(challenge)));
}

async function challenge() {
  const res = await pay(CONTENT);
  expect(res.status).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
}

const paymentsOf = (payer: string) => hubDb().payment.count({ where: { payer } });

afterAll(() => closeDb());

describe("payment identifiers", () => {
  it("every 402 declares the extension, optional", async () => {
    expect((await challenge()).extensions?.[PAYMENT_IDENTIFIER]).toMatchObject({ info: { required: false } });
  });

  it("the stock client pays with an identifier; the same payment sent again answers the first result and charges once", async () => {
    const payer = await freshPayer({ wallet: "1" });
    const id = generatePaymentId();
    const sent: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const req = new Request(input, init);
      const sig = req.headers.get("payment-signature");
      if (sig) sent.push(sig);
      return fetch(req);
    };
    const res = await wrapFetchWithPayment(recording, clientWithId(payer, id))(`${HUB_URL}/hub/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTENT) });
    const first = await res.json();
    expect(res.status, JSON.stringify(first)).toBe(200);
    expect(sent).toHaveLength(1);

    const again = await pay(CONTENT, { "payment-signature": sent[0]! });
    expect(again.status).toBe(200);
    expect(again.body.payment).toEqual(first.payment);
    expect(await paymentsOf(payer.address)).toBe(1);
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
    const record = await hubDb().idempotencyRecord.findFirstOrThrow({ where: { key: { endsWith: `:${id}` } } });
    expect(record).toMatchObject({ status: 200, body: JSON.stringify({ paymentId: first.payment.paymentId }) });
    expect(record.key).toBe(`x402-payment-identifier:testnet:${id}`);
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(24 * 3600 * 1000);
  });

  it("another payment under the same identifier is 409 payment-identifier-reused, before anything is charged", async () => {
    const payer = await freshPayer({ wallet: "1" });
    const id = generatePaymentId();
    const c = await challenge();
    const first = await pay(CONTENT, { "payment-signature": await signatureWithId(payer, c, id) });
    expect(first.status).toBe(200);
    const other = await pay(CONTENT, { "payment-signature": await signatureWithId(payer, c, id) }); // a new nonce: another payment
    expect(other.status).toBe(409);
    // The 409 names the first payment and its receipt.
    expect(other.body).toMatchObject({
      code: "payment-identifier-reused", error: expect.any(String), details: expect.stringContaining(id),
      paymentId: first.body.payment.paymentId, receiptUrl: expect.stringMatching(new RegExp(`/hub/receipts/${first.body.payment.paymentId}$`)),
    });
    expect((await api(new URL(other.body.receiptUrl).pathname)).status).toBe(200);
    expect(await paymentsOf(payer.address)).toBe(1);
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));

    // The identifier belongs to what it paid: the same signed payment for a share is refused too.
    const owner = await person();
    const share = await createShare(owner, { title: "Identified", content: "x", price: "0.01" });
    const shareChallenge = decodePaymentRequiredHeader((await api(`/quickshare/${share.slug}/access`)).headers.get("payment-required")!);
    const onShare = await api(`/quickshare/${share.slug}/access`, { headers: { "payment-signature": await signatureWithId(payer, shareChallenge, id) } });
    expect(onShare.status).toBe(409);
    expect(onShare.body.code).toBe("payment-identifier-reused");
  });

  it("concurrent copies of one identified payment: one charge, the same receipt for each", async () => {
    const payer = await freshPayer({ wallet: "1" });
    const header = await signatureWithId(payer, await challenge(), generatePaymentId());
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(CONTENT, { "payment-signature": header })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.payment.paymentId)).size).toBe(1);
    expect(await paymentsOf(payer.address)).toBe(1);
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
  });

  it("a malformed identifier is a 402 malformed_payment and charges nothing", async () => {
    const payer = await freshPayer({ wallet: "1" });
    const c = await challenge();
    const payload = await new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend).createPaymentPayload(structuredClone(c));
    payload.extensions = { ...payload.extensions, [PAYMENT_IDENTIFIER]: { info: { required: false, id: "short!" } } };
    const res = await pay(CONTENT, { "payment-signature": encodePaymentSignatureHeader(payload) });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: "payment-invalid", reason: "malformed_payment" });
    expect(await paymentsOf(payer.address)).toBe(0);
  });
});
