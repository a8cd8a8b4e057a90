import "server-only";
import type { z } from "zod";
import type { GrantTerms } from "@/lib/access/types";
import type { BlogContext } from "@/lib/blog/blog-context";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { passGrant } from "@/lib/schemas/passes";
import type { PassOfferRow } from "./find-pass-offer";

export type PassGrantBody = z.input<typeof passGrant>;

/**
 * The 200 of a pass purchase (or of its replay): the buyer's pass as it stands, the period this
 * payment added, the receipt summary, and an unlock proof bound to the pass, which proves the wallet
 * on every post the pass covers.
 */
export async function buildPassGrant(blog: BlogContext, offer: PassOfferRow, { wallet, unlockProof, payment, now }: GrantTerms): Promise<PassGrantBody> {
  if (!wallet || !payment?.paymentId || !unlockProof) throw new Error("a pass is granted only by a payment");
  const purchase = await db.passPurchase.findUniqueOrThrow({ where: { paymentId: payment.paymentId } });
  const pass = await db.pass.findUniqueOrThrow({ where: { network_scope_wallet: { network: env.NETWORK_MODE, scope: offer.scope, wallet } } });
  return {
    ok: true,
    pass: { scope: pass.scope, wallet: pass.wallet, startsAt: pass.startsAt.toISOString(), endsAt: pass.endsAt.toISOString(), active: pass.endsAt.getTime() > now.getTime() },
    blog: { name: blog.site.name, domain: blog.site.domain, origin: blog.origin },
    purchase: { paymentId: purchase.paymentId, amount: formatUsdc(purchase.amountAtomic), startsAt: purchase.startsAt.toISOString(), endsAt: purchase.endsAt.toISOString() },
    access: { via: "payment", wallet },
    unlockProof,
    payment,
  };
}
