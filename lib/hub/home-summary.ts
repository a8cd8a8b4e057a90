import "server-only";
import { contentCount } from "@/lib/counters/content-count";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";

/**
 * What the home page shows a newcomer: live counts and the newest verified content of this network.
 * The content figure is /hub/stats' (every site's content of this network), from the maintained
 * counters rather than a count over the content rows.
 */
export async function homeSummary() {
  const network = env.NETWORK_MODE;
  const [sites, content, recent] = await Promise.all([
    db.site.count({ where: { verified: true, removedAt: null } }),
    contentCount({ network, visible: false }),
    db.content.findMany({
      where: { network, site: { verified: true, removedAt: null } },
      orderBy: { createdAt: "desc" },
      take: 6,
      include: { site: { select: { name: true, domain: true } } },
    }),
  ]);
  return {
    network,
    sites,
    content,
    recent: recent.map((c) => ({
      id: c.id,
      title: c.title,
      contentType: c.contentType,
      url: c.url,
      price: formatUsdc(c.priceAtomic),
      siteName: c.site.name,
      domain: c.site.domain,
    })),
  };
}

