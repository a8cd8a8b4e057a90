import "server-only";
import { formatUsdc } from "@/lib/money";
import type { ResourceQuote } from "@/lib/schemas/quote";
import { decisionError } from "./decision-error";
import { loadAccess } from "./load-access";
import type { AccessAdapter, ViewerInput } from "./types";

/** What a quote names the resource by: its kind's own identifiers (the adapter's gate says the rest). */
export type QuoteSubject = Pick<ResourceQuote, "kind" | "slug" | "path" | "title" | "label"> & { expires: boolean };

const DECISION = { grant: "grant", redirect: "grant", charge: "payment-required", deny: "denied", expired: "expired" } as const;

/**
 * A quote (lib/schemas/quote.ts) for any gated resource: the one access decision for this request
 * (purpose "quote": nothing is read, recorded or charged), told in fields that mean the same for
 * every kind. A resource that does not exist (or is a draft) answers 404, a revoked one 410.
 */
export async function quoteResource<R extends { id: string }>(
  adapter: AccessAdapter<R, unknown>,
  input: ViewerInput & { key: string; resource?: R | null; now?: Date },
  subject: (resource: R) => QuoteSubject,
): Promise<ResourceQuote> {
  const { resource, decision, viewer, whitelisted } = await loadAccess(adapter, { ...input, purpose: "quote" });
  if (!resource || decision.outcome === "not-found" || decision.outcome === "gone") throw decisionError(decision, { noun: adapter.noun, notFound: adapter.notFound(input.key) })!;
  const gate = adapter.gate(resource);
  const { expires, ...about } = subject(resource);
  return {
    success: true,
    ...about,
    id: resource.id,
    currency: adapter.currency(resource),
    price: formatUsdc(gate.priceAtomic),
    whitelistPrice: gate.whitelistPriceAtomic === null ? null : formatUsdc(gate.whitelistPriceAtomic),
    publicAccess: gate.publicAccess,
    tier: decision.outcome === "charge" ? decision.tier : whitelisted ? "whitelist" : "public",
    amount: decision.outcome === "charge" ? formatUsdc(decision.amountAtomic) : null,
    wallet: viewer.wallet,
    possessed: viewer.possessed,
    decision: DECISION[decision.outcome],
    reason: decision.outcome === "deny" ? decision.code : decision.outcome === "grant" ? decision.via : null,
    expiresAt: expires ? gate.expiresAt.toISOString() : null,
  };
}
