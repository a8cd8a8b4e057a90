import { z } from "zod";
import { sharePrice } from "./quickshare";
import { paymentSummary } from "./quickshare";

export const passOfferBody = z
  .strictObject({
    price: sharePrice.meta({ description: "USDC decimal string, more than 0" }),
    durationDays: z.number().int().min(1).max(3660).meta({ description: "How long one purchase lasts, in days" }),
    active: z.boolean().default(true).meta({ description: "false: no new passes are sold (passes already sold run to their end)" }),
  })
  .meta({ id: "PassOfferInput", example: { price: "2", durationDays: 30, active: true } });

export const passOffer = z
  .object({
    scope: z.string().meta({ description: "blog:<siteId>" }),
    price: z.string().meta({ description: "USDC decimal string" }),
    priceAtomic: z.string(),
    currency: z.literal("USDC"),
    durationDays: z.number().int(),
    active: z.boolean(),
    url: z.string().meta({ description: "Where agents and readers buy it (GET, x402)" }),
  })
  .meta({ id: "PassOffer" });

export const passState = z
  .object({
    scope: z.string(),
    wallet: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    active: z.boolean(),
  })
  .meta({ id: "PassState" });

export const passGrant = z
  .object({
    ok: z.literal(true),
    pass: passState,
    blog: z.object({ name: z.string(), domain: z.string(), origin: z.string() }),
    purchase: z
      .object({ paymentId: z.string(), amount: z.string(), startsAt: z.iso.datetime(), endsAt: z.iso.datetime() })
      .meta({ description: "The period this payment added: from the pass's previous end (or the purchase) for durationDays" }),
    access: z.object({ via: z.literal("payment"), wallet: z.string() }),
    unlockProof: z.string().meta({ description: "Send as x-svc-payment-proof on any post of the blog to read it while the pass is active; valid 12 hours (then sign in with x)" }),
    payment: paymentSummary,
  })
  .meta({ id: "PassGrant" });

export const passSale = z
  .object({
    paymentId: z.string(),
    siteId: z.string(),
    buyer: z.string(),
    amount: z.string().meta({ description: "USDC decimal string" }),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    boughtAt: z.iso.datetime(),
    receiptUrl: z.string(),
  })
  .meta({ id: "PassSale" });

export const passAdminResponse = z
  .object({ success: z.literal(true), offer: passOffer.nullable(), sales: z.array(passSale), activePasses: z.number().int() })
  .meta({ id: "PassAdmin" });

export const passOfferResponse = z.object({ success: z.literal(true), offer: passOffer }).meta({ id: "PassOfferSaved" });

/** /hub/pay's 200 for a blog's pass (body `url`: the blog's /api/svc/pass): the blog route's answer with the receipt's URL. */
export const paidPassResponse = passGrant
  .extend({ success: z.literal(true), kind: z.literal("pass"), receiptUrl: z.string() })
  .meta({ id: "PaidPassResponse" });
