import { resolveAudiencePrice, type Audience } from "./audience-policy";
import type { Viewer } from "./resolve-viewer";

/** What the decision needs of anything sold behind it: a share, a hosted-blog post, a blog's pass. */
export type AccessGate = {
  status: string; // active | revoked | draft
  expiresAt: Date;
  priceAtomic: bigint;
  whitelistPriceAtomic: bigint | null;
  publicAccess: boolean;
  legacyUrl: string | null;
  hasBody: boolean;
  /** Prices per audience (lib/access/audience-policy.ts); null or absent: everyone pays priceAtomic. */
  audiencePolicy?: string | null;
};

/** The word a resource kind is called by in every text the engine writes. */
export type AccessNoun = "share" | "post" | "pass";

export type EntitlementState = "active" | "revoked" | "banned" | null;

/** access: GET read; unlock: POST unlock (may record a free grant); media: one asset; quote: describe only. */
export type AccessPurpose = "access" | "unlock" | "media" | "quote";

export type DenyCode = "banned" | "not-invited" | "invalid-proof" | "possession-required" | "entitlement-revoked" | "entitlement-required" | "audience-blocked";

export type AccessDecision =
  | { outcome: "not-found" }
  | { outcome: "gone" }
  | { outcome: "expired" }
  | { outcome: "redirect"; url: string }
  | { outcome: "deny"; code: DenyCode; details: string }
  | {
      outcome: "grant";
      via: "free" | "entitlement" | "whitelist-free";
      /** Record (or keep) an entitlement of this source for the viewer's wallet, and hand out a proof. */
      entitle: "free" | "whitelist" | null;
      issueProof: boolean;
    }
  | { outcome: "charge"; amountAtomic: bigint; tier: "public" | "whitelist" };

/**
 * The one access decision (rules 1–10) every gated read goes through, for shares and blog posts
 * alike: access, unlock, media, quote and the pages. Pure: the caller loads the resource, the
 * viewer's whitelist membership and entitlement, and acts on the outcome. With a verified payment, the caller decides again with the
 * payer as the possessed wallet before settling, so a banned, non-invited or already entitled payer
 * is never charged.
 */
export function decideAccess({ gate, viewer, whitelisted, entitlement, purpose, now = new Date(), noun, audience = "humans" }: {
  /** The resource as its adapter describes it for the decision, or null when there is none. */
  gate: AccessGate | null;
  /** What the texts call the resource (the adapter's noun). */
  noun: AccessNoun;
  viewer: Viewer;
  whitelisted: boolean;
  entitlement: EntitlementState;
  purpose: AccessPurpose;
  now?: Date;
  /** Who the request is (lib/access/audience-of.ts): the resource's policy for that audience sets its price or blocks it. */
  audience?: Audience;
}): AccessDecision {
  if (!gate || gate.status === "draft") return { outcome: "not-found" };
  if (gate.status !== "active") return { outcome: "gone" }; // rule 1 (docs/decisions.md #1: revoked is 410)
  if (viewer.proof === "invalid") return deny("invalid-proof", `The unlock proof does not verify for this ${noun}`);
  if (gate.legacyUrl && !gate.hasBody) return { outcome: "redirect", url: gate.legacyUrl }; // rule 10

  const { wallet, possessed } = viewer;
  if (wallet && entitlement === "banned") return deny("banned", `This wallet is banned from this ${noun}`);
  // Prices per audience: a blocked audience is refused everything (before any charge or re-read).
  const terms = resolveAudiencePrice({ policy: gate.audiencePolicy, listPriceAtomic: gate.priceAtomic, audience });
  if (terms.decision === "blocked") return deny("audience-blocked", `The owner of this ${noun} does not offer it to ${audience}${audience === "agents" ? " (the request declared an agent: x-svc-actor, MCP or the facilitator)" : ""}`);
  // Rule 7 and rule 2's "grants already made persist": an active, possessed entitlement reads even after expiry.
  if (wallet && possessed && entitlement === "active") return { outcome: "grant", via: "entitlement", entitle: null, issueProof: true };
  if (now.getTime() >= gate.expiresAt.getTime()) return { outcome: "expired" }; // rule 2

  // Rule 5: invite-only denies a non-whitelisted (or anonymous) reader before any charge or free grant.
  if (!gate.publicAccess && !whitelisted) {
    return deny("not-invited", wallet ? `This ${noun} is invite-only and this wallet is not on its list` : `This ${noun} is invite-only: name your wallet (query wallet) and prove it with a session or an unlock proof`);
  }

  // Rule 4: whitelisted wallets pay whitelistPrice (invite-only: whitelistPrice, else price); everyone else pays price.
  // The audience's price stands in for the list price; a whitelist price never exceeds it.
  const price = terms.priceAtomic;
  const whitelistPrice = gate.whitelistPriceAtomic === null ? null : gate.whitelistPriceAtomic < price ? gate.whitelistPriceAtomic : price;
  const tier = whitelisted && (whitelistPrice !== null || !gate.publicAccess) ? "whitelist" : "public";
  const amountAtomic = tier === "whitelist" ? (whitelistPrice ?? price) : price;

  if (amountAtomic === 0n) {
    if (tier === "public") {
      // Free and public: anyone reads; an explicit unlock by a proven wallet records a grant and a proof.
      const entitle = purpose === "unlock" && wallet && possessed ? "free" : null;
      return { outcome: "grant", via: "free", entitle, issueProof: entitle !== null };
    }
    // Free whitelist tier (and free invite-only reads) need a possessed whitelisted wallet (rules 4, 5, 8).
    if (!possessed) return deny("possession-required", "Free access for a listed wallet needs proof of possession: sign in as that wallet or send its unlock proof");
    if (entitlement === "revoked") return deny("entitlement-revoked", "The owner revoked this wallet's access");
    return { outcome: "grant", via: "whitelist-free", entitle: "whitelist", issueProof: true };
  }

  // Paid (rules 6, 7, 8): a bare claim is charged; media never charges, it needs an entitlement.
  if (purpose === "media") return deny("entitlement-required", "Paid media needs an active entitlement: send the unlock proof (query proof or x-svc-payment-proof) or sign in as the paying wallet");
  return { outcome: "charge", amountAtomic, tier };
}

function deny(code: DenyCode, details: string): AccessDecision {
  return { outcome: "deny", code, details };
}
