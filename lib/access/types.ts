import type { Address } from "viem";
import type { z } from "zod";
import type { Tx } from "@/lib/db";
import type { paymentSummary } from "@/lib/schemas/quickshare";
import type { PaidResource } from "@/lib/x402/types";
import type { Audience } from "./audience-policy";
import type { AccessDecision, AccessGate, AccessNoun, AccessPurpose, EntitlementState } from "./decide-access";
import type { MediaItem } from "./list-media";
import type { Viewer } from "./resolve-viewer";

/** How a grant came about, as the 200 body's access.via says. */
export type Via = "free" | "entitlement" | "whitelist-free" | "payment";

export type PaymentSummary = z.infer<typeof paymentSummary>;

/** The payment a paid grant records with its entitlement (inside the payment's transaction). */
export type GrantPayment = { paymentId: string; amountAtomic: bigint; feeAtomic: bigint | null; txHash: string | null };

/** One entitlement being recorded: for whom, how, and the payment it was bought with. */
export type EntitlementGrant = { wallet: Address; source: "free" | "whitelist" | "payment"; payment: GrantPayment | null };

/** What the engine hands an adapter to build the 200 body of a granted read. */
export type GrantTerms = {
  via: Via;
  wallet: Address | null;
  /** The wallet holds an active entitlement after this request (the body names it). */
  entitled: boolean;
  /** How that entitlement came about (payment, free, whitelist). */
  entitlementSource: string | null;
  /** The live proof the reader sent, or a fresh 12-hour one bound to this resource; null when not entitled. */
  unlockProof: string | null;
  payment: PaymentSummary | null;
  now: Date;
};

/**
 * A kind of gated resource, described for the access engine (lib/access): how to find one, how the
 * one access decision sees it (price, whitelist tier, public-access flag, expiry), what its
 * entitlements and unlock proofs are keyed by, how lib/x402 sells it, what a grant records and
 * answers, and what its texts call it. An adapter describes; the engine decides, prices, grants,
 * pays and re-grants.
 */
export type AccessAdapter<R extends { id: string } = { id: string }, B = unknown> = {
  /** "share", "post" or "pass": every text the engine writes names the resource with it. */
  noun: AccessNoun;
  /** The resource behind a key (slug, path, id), any status, or null. */
  find: (key: string) => Promise<R | null>;
  /**
   * Where the resource behind `key` may be read from the read cache (lib/http/read-cache.ts
   * `cachedValue`, at most READ_CACHE_MS old and dropped by every write of this instance) for a
   * request that names no wallet, session, proof or payment: its answer is a quote (402) or a free
   * read, the same for every such caller. Unique across kinds and scopes (a blog's paths repeat on
   * other blogs). Absent: always read afresh.
   */
  cacheKey?: (key: string) => string;
  /** The 404 text for a key that names no readable resource. */
  notFound: (key: string) => string;
  /** The resource as the decision sees it (status, expiry, prices, public access, legacy URL). */
  gate: (r: R) => AccessGate;
  /** What the resource's unlock proofs are bound to (domain-separated between kinds). */
  proofId: (r: R) => string;
  /** Entitlement.resourceKey of the resource; its whitelist (AccessListEntry) is keyed the same. */
  entitlementKey: (r: R) => string;
  /** The currency its prices are in (USDC). */
  currency: (r: R) => string;
  /** The resource as lib/x402 sells it at one tier's price. */
  paidResource: (r: R, priceAtomic: bigint) => PaidResource;
  /**
   * The kind's own bookkeeping when an entitlement was newly granted (in the same transaction as
   * the entitlement, and as the payment when `payment` is set): counters, events, ledger rows.
   */
  onGranted?: (tx: Tx, r: R, grant: EntitlementGrant) => Promise<void>;
  /** The 200 body of a granted read (decrypted body, media metadata, the terms). */
  grantBody: (r: R, terms: GrantTerms) => Promise<B>;
  /** The resource's media in attach order, with media-route URLs. */
  media: (r: R) => Promise<MediaItem[]>;
  /**
   * Scopes of the passes that cover the resource ("blog:<siteId>"; docs/passes.md): a wallet holding
   * an active pass of one is entitled as if it had bought the resource, and that pass's unlock proofs
   * prove the wallet here too. Absent or empty: no pass covers it.
   */
  passScopes?: (r: R) => string[];
  /**
   * Every purchase is a new one (a pass: buying again extends it): no entitlement or whitelist row is
   * kept or looked up, and onGranted runs once for each recorded payment.
   */
  repeatable?: boolean;
};

/** Everything one request's decision was made from, and the decision. */
export type AccessContext<R> = {
  resource: R | null;
  viewer: Viewer;
  whitelisted: boolean;
  entitlement: EntitlementState;
  /** How the viewer's entitlement came about (payment, free, whitelist, ban), when there is one. */
  entitlementSource: string | null;
  decision: AccessDecision;
  purpose: AccessPurpose;
  now: Date;
  /** Who the request is: humans or agents (lib/access/audience-of.ts). */
  audience: Audience;
};

/** What a read answers: 200 with a body and its headers, or a redirect (legacy shares). */
export type AccessAnswer<B> = { kind: "grant"; body: B; headers: Record<string, string> } | { kind: "redirect"; url: string };

/** What one request brings to the engine: the claimed wallet, the unlock proof, the session's wallet. */
export type ViewerInput = {
  /** query `wallet` or body `walletAddress`: a claim only */
  claim?: string | null;
  /** x-svc-payment-proof (media: also query proof) */
  proof?: string | null;
  sessionWallet?: string | null;
  /** Who the request is (lib/access/audience-of.ts); humans when not given (pages). */
  audience?: Audience;
};
