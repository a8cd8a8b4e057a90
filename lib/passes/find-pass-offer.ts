import "server-only";
import { db } from "@/lib/db";
import { blogPassScope } from "./pass-scope";

export type PassOfferRow = NonNullable<Awaited<ReturnType<typeof findPassOffer>>>;

/** The pass a hosted blog offers (on sale or switched off), or null when it never set one up. */
export async function findPassOffer(siteId: string) {
  return db.passOffer.findUnique({ where: { scope: blogPassScope(siteId) } });
}
