import "server-only";
import type { z } from "zod";
import type { BlogContext } from "@/lib/blog/blog-context";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { parseUsdc } from "@/lib/money";
import type { passOfferBody, passOfferResponse } from "@/lib/schemas/passes";
import { blogPassScope } from "./pass-scope";
import { passOfferView } from "./pass-offer-view";

/** Sets up (or changes) the blog's pass: price and duration; switched off, no new pass is sold. */
export async function savePassOffer({ blog, input }: { blog: BlogContext; input: z.output<typeof passOfferBody> }): Promise<z.input<typeof passOfferResponse>> {
  const priceAtomic = parseUsdc(input.price);
  if (priceAtomic <= 0n) throw new ApiError("invalid-amount", "price: a pass must cost more than 0");
  const scope = blogPassScope(blog.site.id);
  const data = { priceAtomic, durationDays: input.durationDays, active: input.active };
  const offer = await db.passOffer.upsert({ where: { scope }, create: { scope, siteId: blog.site.id, ...data }, update: data });
  return { success: true, offer: passOfferView(offer, blog.origin) };
}
