import "server-only";
import type { BlogContext } from "@/lib/blog/blog-context";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { findPassOffer } from "./find-pass-offer";
import { passOfferView } from "./pass-offer-view";
import { listPassSales } from "./list-pass-sales";

export type PassAdminData = Awaited<ReturnType<typeof passAdminData>>;

/** The editor's pass panel: the offer, the passes sold (newest first) and how many are active now. */
export async function passAdminData({ blog, now = new Date() }: { blog: BlogContext; now?: Date }) {
  const [offer, sales, activePasses] = await Promise.all([
    findPassOffer(blog.site.id),
    listPassSales({ siteIds: [blog.site.id] }),
    db.pass.count({ where: { network: env.NETWORK_MODE, siteId: blog.site.id, endsAt: { gt: now } } }),
  ]);
  return { success: true as const, offer: offer ? passOfferView(offer, blog.origin) : null, sales, activePasses };
}

