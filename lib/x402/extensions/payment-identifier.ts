import "server-only";
import {
  declarePaymentIdentifierExtension,
  extractPaymentIdentifier,
  isValidPaymentId,
  PAYMENT_IDENTIFIER,
  PAYMENT_ID_MAX_LENGTH,
  PAYMENT_ID_MIN_LENGTH,
} from "@x402/extensions/payment-identifier";
import type { PaymentPayload as X402PaymentPayload } from "@x402/core/types";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { isUniqueViolation } from "../is-unique-violation";
import type { PaymentPayload } from "../payment-credentials";
import { PaymentRejected } from "../payment-rejected";
import type { PaidResource } from "../types";
import type { ChallengeExtension } from "./challenge-extension";

/** How long an identifier is remembered; after that the same identifier starts afresh. */
export const PAYMENT_ID_TTL_MS = 24 * 3600 * 1000;
const SCOPE = "x402-payment-identifier";

/** Every 402 declares the extension (optional: a client may attach an identifier, none is required). */
export const paymentIdentifierExtension: ChallengeExtension = { declare: () => ({ [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false) }) };

/**
 * The payment identifier of a signed payment (x402 v2 `payment-identifier` extension), claimed
 * before anything touches the chain. Stored per network for 24 hours with a hash of what it pays
 * (the signed authorization and the resource): the same identifier with the same payment goes on
 * (the authorization's own replay rules then return the first result, with no second effect); the
 * same identifier with another payment is 409 `payment-identifier-reused`; a malformed identifier
 * is a 402 `malformed_payment`. Returns the record key, or null when the payment carries none.
 */
export async function claimPaymentIdentifier(payload: PaymentPayload, resource: PaidResource, now = new Date()): Promise<string | null> {
  const id = extractPaymentIdentifier(payload as unknown as X402PaymentPayload, false);
  if (id === null) return null;
  if (!isValidPaymentId(id)) {
    throw new PaymentRejected("malformed_payment", `payment-identifier: the id must be ${PAYMENT_ID_MIN_LENGTH}–${PAYMENT_ID_MAX_LENGTH} characters of A–Z, a–z, 0–9, - and _`);
  }
  const key = `${SCOPE}:${env.NETWORK_MODE}:${id}`;
  const requestHash = createHash("sha256").update(JSON.stringify({ payment: payload.payload, resource: `${resource.kind}:${resource.id}` })).digest("hex");
  const compare = (stored: { requestHash: string; body: string }) => {
    if (stored.requestHash !== requestHash) {
      // The first payment's id (once recorded) and its receipt, so a client that re-signed its retry finds what it bought.
      const paymentId = firstPaymentId(stored.body);
      throw new ApiError(
        "payment-identifier-reused",
        `The payment identifier ${id} was already used for another payment in the last 24 hours${paymentId ? ` (payment ${paymentId})` : ""}: send the same payment again to get its result, or use a new identifier`,
        undefined,
        { paymentId, receiptUrl: paymentId ? `${env.HUB_ORIGIN}/hub/receipts/${paymentId}` : null },
      );
    }
    return key;
  };
  await db.idempotencyRecord.deleteMany({ where: { key, expiresAt: { lte: now } } });
  const existing = await db.idempotencyRecord.findUnique({ where: { key }, select: { requestHash: true, body: true } });
  if (existing) return compare(existing);
  try {
    await db.idempotencyRecord.create({ data: { key, scope: SCOPE, requestHash, status: 0, body: "", createdAt: now, expiresAt: new Date(now.getTime() + PAYMENT_ID_TTL_MS) } });
    return key;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A concurrent request claimed it first: the same payment goes on, another one is refused.
    return compare(await db.idempotencyRecord.findUniqueOrThrow({ where: { key }, select: { requestHash: true, body: true } }));
  }
}

/** The payment an identifier's record names (its body once noted: `{ paymentId }`), or null while in flight. */
function firstPaymentId(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { paymentId?: unknown };
    return typeof parsed.paymentId === "string" ? parsed.paymentId : null;
  } catch {
    return null;
  }
}

/** Notes which payment an identifier produced (status 200, body { paymentId }). */
export async function notePaymentIdentifier(key: string, paymentId: string | null): Promise<void> {
  await db.idempotencyRecord.updateMany({ where: { key, status: 0 }, data: { status: 200, body: JSON.stringify({ paymentId }) } });
}
