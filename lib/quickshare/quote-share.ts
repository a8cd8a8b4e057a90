import "server-only";
import type { z } from "zod";
import { formatUsdc } from "@/lib/money";
import type { quoteResponse } from "@/lib/schemas/quickshare";
import { decisionError } from "@/lib/access/decision-error";
import type { Audience } from "@/lib/access/audience-policy";
import { loadAccess } from "@/lib/access/load-access";
import { shareAccess } from "./share-access";

type Quote = z.infer<typeof quoteResponse>;

/**
 * GET /quickshare/<slug>/quote: what this request would get from the access route — grant,
 * payment (with the price for the wallet's tier) or denial — without reading or charging anything.
 * Unknown and draft shares answer 404, revoked 410.
 */
export async function quoteShare({ slug, claim, proof, sessionWallet, now, audience }: { slug: string; claim: string | null; proof: string | null; sessionWallet: string | null; now?: Date; audience?: Audience }): Promise<Quote> {
  const ctx = await loadAccess(shareAccess, { key: slug, claim, proof, sessionWallet, purpose: "quote", now, audience });
  const { resource: share, decision, viewer, whitelisted } = ctx;
  if (!share || decision.outcome === "not-found" || decision.outcome === "gone") throw decisionError(decision, { noun: "share", notFound: shareAccess.notFound(slug) })!;
  const tier = decision.outcome === "charge" ? decision.tier : whitelisted ? "whitelist" : "public";
  const map: Record<string, Quote["decision"]> = { grant: "grant", charge: "payment-required", deny: "denied", expired: "expired", redirect: "grant" };
  return {
    success: true,
    slug: share.slug,
    currency: share.currency,
    price: formatUsdc(decision.outcome === "charge" ? decision.amountAtomic : 0n),
    publicPrice: formatUsdc(share.priceAtomic),
    whitelistPrice: share.whitelistPriceAtomic === null ? null : formatUsdc(share.whitelistPriceAtomic),
    publicAccess: share.publicAccess,
    tier,
    wallet: viewer.wallet,
    possessed: viewer.possessed,
    decision: map[decision.outcome]!,
    reason: decision.outcome === "deny" ? decision.code : decision.outcome === "grant" ? decision.via : null,
    expiresAt: share.expiresAt.toISOString(),
  };
}
