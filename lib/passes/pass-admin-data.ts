import "server-only";
import type { z } from "zod";
import type { BlogContext } from "@/lib/blog/blog-context";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { findPassOffer } from "./find-pass-offer";
import { passOfferView } from "./pass-offer-view";
import { listPassSales } from "./list-pass-sales";
import type { passAdminResponse } from "@/lib/schemas/passes";

export type PassAdminData = z.input<typeof passAdminResponse>;

/** The editor's pass panel: the offer, the passes sold (newest first) and how many are active now. */
export async function passAdminData({ blog, now = new Date() }: { blog: BlogContext; now?: Date }): Promise<PassAdminData> {
  const [offer, sales, activePasses] = await Promise.all([
    findPassOffer(blog.site.id),
    listPassSales({ siteIds: [blog.site.id] }),
    db.pass.count({ where: { network: env.NETWORK_MODE, siteId: blog.site.id, endsAt: { gt: now } } }),
  ]);
  return { success: true, offer: offer ? passOfferView(offer, blog.origin) : null, sales, activePasses };
}

