import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

/** What the home page shows a newcomer: live counts and the newest verified content of this network. */
export async function homeSummary() {
  const network = env.NETWORK_MODE;
  const [sites, content, recent] = await Promise.all([
    db.site.count({ where: { verified: true, removedAt: null } }),
    db.content.count({ where: { network } }),
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

/** Atomic units (6 decimals) to a decimal string with no float rounding: 1_500_000n → "1.5". */
export function formatUsdc(atomic: bigint): string {
  const negative = atomic < 0n;
  const abs = negative ? -atomic : atomic;
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}
