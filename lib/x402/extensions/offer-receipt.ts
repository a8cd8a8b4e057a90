import "server-only";
import { encodePaymentResponseHeader, decodePaymentResponseHeader } from "@x402/core/http";
import {
  createEIP712OfferReceiptIssuer,
  createOfferReceiptExtension,
  declareOfferReceiptExtension,
  OFFER_RECEIPT,
  signReceiptEIP712,
  type EIP712SignedReceipt,
  type ReceiptPayload,
} from "@x402/extensions/offer-receipt";
import { hashTypedData } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { secp256k1 } from "@/lib/crypto/secp256k1";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { HEADERS } from "../constants";
import type { PaidResource, PaymentOutcome } from "../types";
import type { ChallengeExtension } from "./challenge-extensions";

/** How long a signed offer holds (the plain option's own window). */
const OFFER_VALIDITY_SECONDS = 300;

let account: PrivateKeyAccount | undefined;
function signer(): PrivateKeyAccount {
  account ??= privateKeyToAccount(env.RECEIPT_SIGNING_KEY);
  return account;
}
// Signed through lib/crypto/secp256k1 (native when available): the same RFC 6979 bytes as the account's own signTypedData.
const signTypedData: Parameters<typeof signReceiptEIP712>[1] = async (params) =>
  (await secp256k1()).sign(hashTypedData(params as Parameters<typeof hashTypedData>[0]), env.RECEIPT_SIGNING_KEY);

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

/**
 * The `offer-receipt` declaration of a 402: one EIP-712 signed offer per accepts option (package
 * issuer and enrichment), valid 5 minutes, signed by the hub's receipt key.
 */
export const offerExtension: ChallengeExtension = async ({ resource, accepts }) => {
  const extension = createOfferReceiptExtension(createEIP712OfferReceiptIssuer(receiptKey().kid, signTypedData));
  const declaration = declareOfferReceiptExtension({ offerValiditySeconds: OFFER_VALIDITY_SECONDS })[OFFER_RECEIPT];
  const url = resource.url;
  const info = await extension.enrichPaymentRequiredResponse!(declaration, {
    requirements: accepts,
    resourceInfo: { url, description: "", mimeType: "" },
    paymentRequiredResponse: { x402Version: 2, resource: { url, description: "", mimeType: "" }, accepts },
  });
  return info ? { [OFFER_RECEIPT]: info } : undefined;
};

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
  const header = outcome.headers[HEADERS.response];
  if (!header || !outcome.receipt.payer) return outcome;
  const receipt = await signedReceipt({ resourceUrl: resource.url, payer: outcome.receipt.payer, recordedAt });
  const settle = decodePaymentResponseHeader(header);
  const value = encodePaymentResponseHeader({ ...settle, extensions: { ...settle.extensions, [OFFER_RECEIPT]: { info: { receipt } } } });
  return { ...outcome, headers: { ...outcome.headers, [HEADERS.response]: value } };
}
