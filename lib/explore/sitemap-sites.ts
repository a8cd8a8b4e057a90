import "server-only";
import { db } from "@/lib/db";

/** GET /hub/sitemap-sites: domains of active hosted blogs. */
export async function sitemapSites() {
  const rows = await db.site.findMany({
    where: { hosted: true, blogActive: true, removedAt: null },
    select: { domain: true },
    orderBy: { domain: "asc" },
  });
  return { success: true as const, sites: rows.map((r) => r.domain) };
}
