import "server-only";
import { findContent } from "@/lib/content/find-content";
import { ensureContentHash } from "./content-hash";

/** Rating count and average (1..5 scale) of a content item, with the hash the contract knows it by. */
export async function ratingStats(opts: { contentId: string }) {
  const content = await findContent(opts.contentId);
  const contentHash = await ensureContentHash(content);
  const count = content.ratingsCount;
  return {
    success: true as const,
    contentId: content.id,
    externalId: content.externalId ?? null,
    contentHash,
    average: count > 0 ? Math.round((content.ratingSum / count / 10) * 100) / 100 : 0,
    count,
  };
}
