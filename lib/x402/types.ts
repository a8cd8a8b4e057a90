import type { z } from "zod";
import type { paymentReceiptSchema } from "@/lib/schemas/payment-receipt";
import type { Address } from "viem";
import type { Tx } from "@/lib/db";
import type { OrderedStatement } from "@/lib/db-one-trip";
import type { ActivityInput } from "@/lib/ledger/activity-input";

/** What a payment buys: Payment.resourceType. */
export type ResourceKind = "content" | "quickshare" | "tip" | "blogpost" | "pass";

/** The three ways a payment reaches the hub (Payment.rail). */
export type Rail = "gateway" | "eip3009" | "transfer";

/**
 * Something for sale, priced and addressed by the server. The input of `buildChallenge`,
 * `paymentRequired` and `verifyAndRecordPayment`: build it from your own records (never from
 * client values a tracked record overrides) and pass the same object on the challenge and the paid retry.
 */
export type PaidResource = {
  kind: ResourceKind;
  /** Payment.resourceId. A replayed authorization or tx hash is honoured only for the same (kind, id). */
  id: string;
  /** x402 `resource.url`; the transfer rail's ownership message names it too. */
  url: string;
  description?: string;
  mimeType?: string;
  /** Exact price in USDC atomic units (6 decimals). */
  price: bigint;
  /** Where the USDC goes: the creator, or the creator's fee wallet on a hosted site. */
  payTo: Address;
  /** The creator, whatever payTo is. */
  recipient: Address;
  /** Protocol fee in basis points recorded on the receipt and ledger (100 for hosted, 0 for self-hosted). */
  feeBps: number;
  siteId?: string | null;
  /** A tracked Content row: its unlock and revenue counters and the daily metrics are bumped. */
  contentId?: string | null;
  /**
   * The explore listing this sale counts toward when the resource is not itself a Content row (a hosted
   * post's listing), found when the payment is recorded; a resource without a listing (a draft, an
   * invite-only post) counts nowhere in explore. Ignored when `contentId` is given.
   */
  listing?: { siteId: string; externalId: string } | null;
  /** Fields of the public ledger's row (title, url, domain, or another type such as quickshare); `false` writes none. */
  ledger?: Partial<ActivityInput> | false;
  /**
   * Priced from a kept row, not read for this request (lib/content/kept-sale-rows.ts): the statement the
   * sale runs in its own block to confirm the row is unchanged, failing with `ReadAgain` when it is not.
   * Only the Gateway rail takes such a resource; the others refuse it with `ReadAgain` before they act.
   */
  keptCheck?: OrderedStatement;
};

/** The payment object of the interface ("Payment receipt"), plus rail, status, chain and payTo: its schema is the answer's. */
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

/** What a newly recorded payment looks like to an `onRecorded` hook. */
export type RecordedPayment = { id: string; payer: Address; amount: bigint; rail: Rail; resource: PaidResource };

/** Runs inside the transaction that records a payment (first time only, never on a replay). */
export type OnRecorded = (tx: Tx, payment: RecordedPayment) => Promise<void>;

/**
 * Runs first inside the transaction that writes a new Payment row (never on a replay) and returns the
 * resource to record it for: a caller whose resource needs a row of its own (the facilitator's page,
 * a Content row) writes it here, so a payment refused by its rail, even from inside the transaction
 * (the deposit check under the payer's lock), writes nothing. The resource must keep kind, price and
 * payTo; its id may be the row just written.
 */
export type PrepareResource = (tx: Tx) => Promise<PaidResource>;

export type PaymentOutcome = {
  receipt: PaymentReceipt;
  /** True when this request replayed an already recorded payment (nothing new was written). */
  replayed: boolean;
  /** PAYMENT-RESPONSE (x402 settle response) for the 200. */
  headers: Record<string, string>;
  /** When the Payment row was written (its createdAt): the signed receipt's issuedAt. */
  recordedAt: Date;
};
