import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

/** GET /hub/sitemap/content: URLs of verified, live content of this network, most recently updated first. */
export async function sitemapContent({ limit }: { limit: number }) {
  const rows = await db.content.findMany({
    where: { network: env.NETWORK_MODE, url: { not: "" }, site: { verified: true, removedAt: null } },
    select: { url: true, updatedAt: true },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return { success: true as const, urls: rows.map((r) => ({ url: r.url, updatedAt: r.updatedAt.toISOString() })) };
}
