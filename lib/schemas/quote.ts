import { z } from "zod";

/**
 * The one quote every gated resource answers (a share's GET /quickshare/<slug>/quote, a hosted post's
 * GET /api/svc/posts/<key>/quote): what the access route would do for this request — grant, ask for
 * payment, deny — without reading or charging. Every field means the same for every kind
 * (lib/access/quote-resource.ts builds it from the one access decision).
 */
export const resourceQuote = z
  .object({
    success: z.literal(true),
    kind: z.enum(["share", "post"]),
    id: z.string(),
    slug: z.string(),
    path: z.string().meta({ description: "Where the resource is read: /qs/<slug> for a share, /<type>/<slug> on the blog's origin for a post" }),
    title: z.string(),
    label: z.string().nullable().meta({ description: "The creator's display label for the post's tier (\"supporters\"); null for a share" }),
    currency: z.string(),
    price: z.string().meta({ description: "List price: what the public pays" }),
    whitelistPrice: z.string().nullable().meta({ description: "What whitelisted wallets pay (null: the list price)" }),
    publicAccess: z.boolean().meta({ description: "false: invite-only (only whitelisted wallets may read or buy)" }),
    tier: z.enum(["public", "whitelist"]).meta({ description: "The price tier this request is quoted at" }),
    amount: z.string().nullable().meta({ description: "What this request would pay now (decision payment-required only, else null)" }),
    wallet: z.string().nullable().meta({ description: "The wallet the quote is for (a claim, a proof or the session), if any" }),
    possessed: z.boolean().meta({ description: "The wallet is proven (unlock proof or session), not only claimed" }),
    decision: z.enum(["grant", "payment-required", "denied", "expired"]),
    reason: z
      .string()
      .nullable()
      .meta({ description: "grant: how (free, entitlement, whitelist-free); denied: the code (banned, not-invited, possession-required, …); else null" }),
    expiresAt: z.iso.datetime().nullable().meta({ description: "When a share stops selling; null for a post" }),
  })
  .meta({ id: "ResourceQuote" });

export type ResourceQuote = z.infer<typeof resourceQuote>;
