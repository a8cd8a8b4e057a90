// Signed offers and receipts (x402 v2 `offer-receipt` extension, EIP-712): every 402 carries one
// signed offer per accepts option, every paid 200 a signed receipt in PAYMENT-RESPONSE, signed by the
// hub's receipt key published in /api/svc/status and /.well-known/did.json. Verified with the
// package's own verifiers; a receipt with one byte changed fails.
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import {
  extractOffersFromPaymentRequired,
  extractReceiptFromResponse,
  verifyOfferSignatureEIP712,
  verifyReceiptMatchesOffer,
  verifyReceiptSignatureEIP712,
  decodeSignedOffers,
  type EIP712SignedOffer,
  type EIP712SignedReceipt,
} from "@x402/extensions/offer-receipt";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { afterAll, describe, expect, it } from "vitest";
import { api, HUB_URL } from "../support/hub";
import { closeDb, createShare, person } from "../support/quickshare";
import { freshPayer, NETWORK, pay, USDC } from "../support/x402";

const CONTENT = { contentId: "liner-notes" };
const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "1000000" }] };

afterAll(() => closeDb());

async function signerAddress() {
  const status = await api("/api/svc/status");
  return status.body.hub.receiptSigner.address as string;
}

describe("offer-receipt", () => {
  it("publishes the receipt key in /api/svc/status and /.well-known/did.json", async () => {
    const status = await api("/api/svc/status");
    expect(status.body.hub.receiptSigner).toMatchObject({ format: "eip712", address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), kid: expect.stringMatching(/^did:web:.+#receipt-key$/) });
    const did = await api("/.well-known/did.json");
    expect(did.status).toBe(200);
    expect(did.body.verificationMethod[0]).toMatchObject({ id: status.body.hub.receiptSigner.kid, blockchainAccountId: `${NETWORK}:${status.body.hub.receiptSigner.address}` });
  });

  it("a 402 carries one signed offer per accepts option; each verifies to the published key and names that option", async () => {
    const res = await pay(CONTENT);
    const challenge = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
    const offers = extractOffersFromPaymentRequired(challenge) as EIP712SignedOffer[];
    expect(offers).toHaveLength(challenge.accepts.length);
    const signer = await signerAddress();
    for (const [i, offer] of offers.entries()) {
      const { signer: recovered, payload } = await verifyOfferSignatureEIP712(offer);
      expect(recovered.toLowerCase()).toBe(signer.toLowerCase());
      expect(payload).toMatchObject({ resourceUrl: challenge.resource.url, network: NETWORK, amount: challenge.accepts[i]!.amount, payTo: challenge.accepts[i]!.payTo, asset: challenge.accepts[i]!.asset });
      expect(payload.validUntil).toBeGreaterThan(Date.now() / 1000);
    }
  });

  it("a paid 200 carries a receipt that verifies offline and matches the offer; one changed byte fails; the ledger row links to it", async () => {
    const payer = await freshPayer({ wallet: "1" });
    const challenge = decodePaymentRequiredHeader((await pay(CONTENT)).headers.get("payment-required")!);
    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const res = await wrapFetchWithPayment(fetch, client)(`${HUB_URL}/hub/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTENT) });
    expect(res.status).toBe(200);
    const body = await res.json();
    const receipt = extractReceiptFromResponse(res) as EIP712SignedReceipt;
    expect(receipt).toMatchObject({ format: "eip712", payload: { payer: payer.address, network: NETWORK, resourceUrl: challenge.resource.url } });
    const { signer } = await verifyReceiptSignatureEIP712(receipt);
    expect(signer.toLowerCase()).toBe((await signerAddress()).toLowerCase());
    const [offer] = decodeSignedOffers(extractOffersFromPaymentRequired(challenge));
    expect(verifyReceiptMatchesOffer(receipt, offer!, [payer.address])).toBe(true);

    // One byte changed (in the payload, or in the signature): the receipt no longer verifies to the hub's key.
    const tamperedPayer = { ...receipt, payload: { ...receipt.payload, payer: receipt.payload.payer.replace(/.$/, (c) => (c === "0" ? "1" : "0")) } };
    expect((await verifyReceiptSignatureEIP712(tamperedPayer).catch(() => ({ signer: "0x" }))).signer.toLowerCase()).not.toBe(signer.toLowerCase());
    const sig = receipt.signature;
    const tamperedSig = { ...receipt, signature: `${sig.slice(0, 10)}${sig[10] === "a" ? "b" : "a"}${sig.slice(11)}` };
    expect((await verifyReceiptSignatureEIP712(tamperedSig).catch(() => ({ signer: "0x" }))).signer.toLowerCase()).not.toBe(signer.toLowerCase());

    // The same receipt, again: from a replay of the same payment and from the ledger's link.
    const ledger = await api(`/hub/ledger?limit=50`);
    const row = ledger.body.activities.find((a: { paymentId: string }) => a.paymentId === body.payment.paymentId);
    expect(row.receiptUrl).toBe(`${HUB_URL}/hub/receipts/${body.payment.paymentId}`);
    const linked = await api(`/hub/receipts/${body.payment.paymentId}`);
    expect(linked.status).toBe(200);
    expect(linked.body.receipt).toEqual(receipt);
    expect(linked.body.signer.address.toLowerCase()).toBe(signer.toLowerCase());
    expect((await api("/hub/receipts/not-a-payment")).status).toBe(404);
  });

  it("a paid share's 200 carries a receipt for the share's own URL", async () => {
    const owner = await person();
    const share = await createShare(owner, { title: "Receipted", content: "Paid.", price: "0.02" });
    const payer = await freshPayer({ wallet: "1" });
    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const url = `${HUB_URL}/quickshare/${share.slug}/access`;
    const res = await wrapFetchWithPayment(fetch, client)(url);
    expect(res.status).toBe(200);
    const receipt = extractReceiptFromResponse(res) as EIP712SignedReceipt;
    expect(receipt.payload).toMatchObject({ payer: payer.address, resourceUrl: url });
    expect((await verifyReceiptSignatureEIP712(receipt)).signer.toLowerCase()).toBe((await signerAddress()).toLowerCase());
  });
});
