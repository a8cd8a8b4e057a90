import "server-only";
import { isAddressEqual, type Address } from "viem";
import type { Payment, Receipt } from "@/lib/generated/sqlite/client";
import { ApiError } from "@/lib/http/errors";
import { paidOutcome } from "./paid-outcome";
import { PaymentRejected } from "./payment-rejected";
import type { PaidResource, PaymentOutcome } from "./types";

export type StoredPayment = Payment & { receipt: Receipt | null };

/**
 * The answer to credentials the hub has already recorded: the first result for the same resource
 * (nothing new is written), 409 when they were spent on another resource, 402 when they belong to
 * someone else or never settled. Returns undefined for a payment still pending settlement (the
 * caller resumes it).
 */
export function replayPayment({
  existing,
  resource,
  signature,
  payer,
}: {
  existing: StoredPayment;
  resource: PaidResource;
  /** Authorization rails: the stored signature must be the one presented. */
  signature?: string;
  /** Transfer rail: the proven owner must be the recorded payer. */
  payer?: Address;
}): PaymentOutcome | undefined {
  if (existing.resourceType !== resource.kind || existing.resourceId !== resource.id) {
    if (payer) {
      throw new ApiError("txhash-claimed-elsewhere", "This transaction hash already paid for other content; a transfer unlocks one content id only");
    }
    throw new ApiError("authorization-claimed-elsewhere", "This authorization already paid for other content; sign a new one for this resource");
  }
  if (signature && existing.signature?.toLowerCase() !== signature.toLowerCase()) {
    throw new PaymentRejected("nonce_used", "This authorization nonce was already used by another signature");
  }
  if (payer && !isAddressEqual(existing.payer as Address, payer)) {
    throw new ApiError("payer-mismatch", "This transaction was already claimed by its sender; the ownership signature is another wallet's");
  }
  if (existing.status === "failed") {
    throw new PaymentRejected("settlement_failed", `This payment was refused at settlement (${existing.error ?? "no reason recorded"}); sign a new one`);
  }
  if (existing.status === "pending" || !existing.receipt) return undefined;
  return paidOutcome(existing, existing.receipt, true);
}
