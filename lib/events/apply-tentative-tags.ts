import "server-only";
import { db } from "@/lib/db";
import { buildSearchText } from "@/lib/sites/search-text";

/**
 * Stores auto-assigned tags on a content item, marked tentative, only when it has no publisher
 * tags: the update is guarded by `tags = "" OR tagsTentative`, so publisher tags written meanwhile
 * are never overwritten. Returns whether the tags were applied.
 */
export async function applyTentativeTags({ contentId, tags }: { contentId: string; tags: string[] }): Promise<boolean> {
  const clean = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))].slice(0, 10);
  if (clean.length === 0) return false;
  const content = await db.content.findUnique({ where: { id: contentId }, include: { site: { select: { name: true, domain: true } } } });
  if (!content || (content.tags !== "" && !content.tagsTentative)) return false;
  const tagText = clean.join(",");
  const res = await db.content.updateMany({
    where: { id: contentId, OR: [{ tags: "" }, { tagsTentative: true }] },
    data: {
      tags: tagText,
      tagsTentative: true,
      searchText: buildSearchText({ ...content, tags: tagText, siteName: content.site.name, domain: content.site.domain }),
    },
  });
  return res.count === 1;
}
