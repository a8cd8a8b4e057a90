import "server-only";
import { db } from "@/lib/db";
import { buildSearchText } from "./search-text";

const BATCH = 500;

/**
 * Rebuilds Content.searchText for every content item of a site (both networks) after the site's
 * name or domain changed. Runs in batches outside any transaction: a big site must not hold one.
 */
export async function refreshSiteSearchText({ siteId }: { siteId: string }): Promise<number> {
  const site = await db.site.findUnique({ where: { id: siteId }, select: { name: true, domain: true } });
  if (!site) return 0;
  let cursor: string | undefined;
  let updated = 0;
  for (;;) {
    const rows = await db.content.findMany({
      where: { siteId },
      select: { id: true, title: true, description: true, tags: true, searchText: true },
      orderBy: { id: "asc" },
      take: BATCH,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
    });
    if (rows.length === 0) return updated;
    const changes = rows
      .map((r) => ({ id: r.id, old: r.searchText, next: buildSearchText({ ...r, siteName: site.name, domain: site.domain }) }))
      .filter((c) => c.old !== c.next);
    if (changes.length) {
      await db.$transaction(changes.map((c) => db.content.update({ where: { id: c.id }, data: { searchText: c.next } })));
      updated += changes.length;
    }
    cursor = rows.at(-1)!.id;
  }
}
