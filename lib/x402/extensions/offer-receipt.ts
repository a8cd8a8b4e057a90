import "server-only";
import {
  createEIP712OfferReceiptIssuer,
  createOfferReceiptExtension,
  declareOfferReceiptExtension,
  OFFER_RECEIPT,
  signOfferEIP712,
  signReceiptEIP712,
  type EIP712SignedOffer,
  type EIP712SignedReceipt,
  type OfferInput,
  type OfferPayload,
  type OfferReceiptIssuer,
  type ReceiptPayload,
} from "@x402/extensions/offer-receipt";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { secp256k1 } from "@/lib/crypto/secp256k1";
import { typedDataDigest, type TypedDataInput } from "@/lib/crypto/typed-data-digest";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { HEADERS } from "../constants";
import { paymentResponseHeader } from "../payment-response-header";
import type { PaidResource, PaymentOutcome } from "../types";
import type { ChallengeContext, ChallengeExtension } from "./challenge-extension";
import { lruMemo } from "@/lib/lru-memo";

/** How long a signed offer holds at most (the plain option's own window). */
const OFFER_VALIDITY_SECONDS = 300;
/**
 * Offers are issued per window of this many seconds: every offer issued in one window carries the
 * same validUntil (the window's start + OFFER_VALIDITY_SECONDS, so 4–5 minutes ahead), hence the
 * same bytes and signature (RFC 6979), and is signed once per resource, terms and window.
 */
export const OFFER_WINDOW_SECONDS = 60;
/** Signed offers kept (LRU): a few per priced resource in the current window. */
const OFFER_CACHE_SIZE = 2_000;

let account: PrivateKeyAccount | undefined;
function signer(): PrivateKeyAccount {
  account ??= privateKeyToAccount(env.RECEIPT_SIGNING_KEY);
  return account;
}
// Signed through lib/crypto/secp256k1 (native when available): the same RFC 6979 bytes as the account's own
// signTypedData, over the same digest (lib/crypto/typed-data-digest.ts keeps the domain's and the type's hashes).
const signTypedData: Parameters<typeof signReceiptEIP712>[1] = async (params) =>
  (await secp256k1()).sign(typedDataDigest(params as TypedDataInput), env.RECEIPT_SIGNING_KEY);

/** The key's DID (did:web of the hub, published at /.well-known/did.json) and its address. */
export function receiptKey() {
  const host = new URL(env.HUB_ORIGIN).host.replace(":", "%3A");
  const did = `did:web:${host}`;
  return { did, kid: `${did}#receipt-key`, address: signer().address, format: "eip712" as const, chainId: NETWORKS[env.NETWORK_MODE].chainId };
}

/** The did:web document that publishes the key (GET /.well-known/did.json). */
export function didDocument() {
  const key = receiptKey();
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/secp256k1recovery-2020/v2"],
    id: key.did,
    verificationMethod: [{ id: key.kid, type: "EcdsaSecp256k1RecoveryMethod2020", controller: key.did, blockchainAccountId: `eip155:${key.chainId}:${key.address}` }],
    assertionMethod: [key.kid],
  };
}

/** The window's offer payload: the package's createOfferPayload, with validUntil fixed per window. */
export function offerPayload(resourceUrl: string, input: OfferInput, nowSeconds = Math.floor(Date.now() / 1000)): OfferPayload {
  const windowStart = nowSeconds - (nowSeconds % OFFER_WINDOW_SECONDS);
  const { scheme, network, asset, payTo, amount } = input;
  return { version: 1, resourceUrl, scheme, network, asset, payTo, amount, validUntil: windowStart + OFFER_VALIDITY_SECONDS };
}

const offers = lruMemo<Promise<EIP712SignedOffer>>(OFFER_CACHE_SIZE);

/**
 * One signed offer per (signing key, everything signed, acceptIndex), from a bounded LRU: a 402 for
 * the same terms in the same window reuses the signature instead of hashing and signing again.
 */
export function cachedOffer(resourceUrl: string, input: OfferInput, nowSeconds?: number): Promise<EIP712SignedOffer> {
  const payload = offerPayload(resourceUrl, input, nowSeconds);
  const key = JSON.stringify([signer().address, input.acceptIndex, payload]);
  return offers.get(key, () => {
    const signed = signOfferEIP712(payload, signTypedData).then((signature): EIP712SignedOffer => ({ format: "eip712", acceptIndex: input.acceptIndex, payload, signature }));
    signed.catch(() => offers.delete(key)); // a failed signing is not remembered
    return signed;
  });
}

let issuer: OfferReceiptIssuer | undefined;
let extension: ReturnType<typeof createOfferReceiptExtension> | undefined;
const declaration = declareOfferReceiptExtension({ offerValiditySeconds: OFFER_VALIDITY_SECONDS })[OFFER_RECEIPT];

/**
 * The `offer-receipt` declaration of a 402: one EIP-712 signed offer per accepts option (package
 * enrichment, our issuer: offers from cachedOffer), valid 4–5 minutes, signed by the hub's receipt key.
 */
export const offerExtension: ChallengeExtension = { declare: (ctx) => offers402(ctx) };
async function offers402({ resource, accepts }: ChallengeContext) {
  issuer ??= { ...createEIP712OfferReceiptIssuer(receiptKey().kid, signTypedData), issueOffer: async (url, input) => cachedOffer(url, input) };
  extension ??= createOfferReceiptExtension(issuer);
  const url = resource.url;
  const info = await extension.enrichPaymentRequiredResponse!(declaration, {
    requirements: accepts,
    resourceInfo: { url, description: "", mimeType: "" },
    paymentRequiredResponse: { x402Version: 2, resource: { url, description: "", mimeType: "" }, accepts },
  });
  return info ? { [OFFER_RECEIPT]: info } : undefined;
}

/**
 * The signed receipt of a recorded payment (package createReceiptEIP712): the resource's URL, the
 * payer, the network and the moment the payment was recorded. No transaction hash (the package's
 * privacy default; the ledger row has it). Signing is deterministic (RFC 6979), so every answer for
 * the same payment — the paid 200, a replay, /hub/receipts/<id> — carries the same receipt.
 */
export async function signedReceipt({ resourceUrl, payer, recordedAt }: { resourceUrl: string; payer: string; recordedAt: Date }): Promise<EIP712SignedReceipt> {
  const payload: ReceiptPayload = { version: 1, network: NETWORKS[env.NETWORK_MODE].caip2, resourceUrl, payer, issuedAt: Math.floor(recordedAt.getTime() / 1000), transaction: "" };
  return { format: "eip712", payload, signature: await signReceiptEIP712(payload, signTypedData) };
}

/** A paid answer's PAYMENT-RESPONSE with the signed receipt in extensions["offer-receipt"].info.receipt. */
export async function withSignedReceipt(outcome: PaymentOutcome, resource: PaidResource, recordedAt: Date): Promise<PaymentOutcome> {
  if (!outcome.headers[HEADERS.response] || !outcome.receipt.payer) return outcome;
  const receipt = await signedReceipt({ resourceUrl: resource.url, payer: outcome.receipt.payer, recordedAt });
  // The header paidOutcome wrote from the same receipt, written again with the extension (not decoded and re-encoded).
  return { ...outcome, headers: { ...outcome.headers, ...paymentResponseHeader(outcome.receipt, { [OFFER_RECEIPT]: { info: { receipt } } }) } };
}
