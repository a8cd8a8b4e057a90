import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { suggestTags } from "@/lib/judge/suggest-tags";
import { applyTentativeTags } from "./apply-tentative-tags";

const VOCABULARY_SIZE = 24;

/**
 * Called (without awaiting) after an event creates a content item that has no publisher tags:
 * scores the hub's own tag vocabulary (the most used publisher tags of this network) against the
 * item with the decision helpers and stores those at or above 0.6 as tentative tags. Publisher tags
 * are never overwritten (applyTentativeTags checks again in its update). Never throws.
 */
export async function suggestTentativeTags(input: { contentId: string; title: string; description: string; url: string; contentType: string }): Promise<void> {
  try {
    const tagged = await db.content.findMany({
      where: { network: env.NETWORK_MODE, tagsTentative: false, NOT: { tags: "" } },
      select: { tags: true },
      orderBy: { unlocks: "desc" },
      take: 500,
    });
    const freq = new Map<string, number>();
    for (const { tags } of tagged) for (const t of tags.split(",").map((x) => x.trim().toLowerCase()).filter(Boolean)) freq.set(t, (freq.get(t) ?? 0) + 1);
    const candidates = [...freq].sort((a, b) => b[1] - a[1]).slice(0, VOCABULARY_SIZE).map(([t]) => t);
    const result = await suggestTags({ title: input.title, description: `${input.description} ${input.contentType} ${input.url}`, candidates });
    if (result.tentative && result.tags.length > 0) await applyTentativeTags({ contentId: input.contentId, tags: result.tags });
  } catch (err) {
    console.warn("[hub] tentative tags failed", (err as Error).message);
  }
}
