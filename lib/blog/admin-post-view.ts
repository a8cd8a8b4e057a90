import "server-only";
import { resourceKey } from "@/lib/access/resource-key";
import type { z } from "zod";
import { db } from "@/lib/db";
import { formatUsdc } from "@/lib/money";
import { policyView } from "@/lib/access/audience-policy";
import type { adminPost } from "@/lib/schemas/blog";
import type { PostRow } from "./find-post";
import { postStats, type PostStats } from "./post-stats";
import { postPath, postUrls } from "./post-urls";

export const splitTags = (tags: string) => tags.split(",").map((t) => t.trim()).filter(Boolean);

/** A post as its admin sees it: everything but the body, key and storage reference, with its views, unlocks and revenue. */
export async function adminPostView(post: PostRow, origin: string, stats?: PostStats): Promise<z.infer<typeof adminPost>> {
  const [whitelistCount, mediaCount, counted] = await Promise.all([
    db.accessListEntry.count({ where: { resourceKey: resourceKey("post", post.id) } }),
    db.media.count({ where: { resourceType: "blogpost", resourceId: post.id } }),
    stats ?? postStats([post]).then((m) => m.get(post.id)!),
  ]);
  return {
    id: post.id,
    slug: post.slug,
    type: post.type as z.infer<typeof adminPost>["type"],
    path: postPath(post),
    title: post.title,
    summary: post.summary,
    status: post.status as "draft" | "published",
    price: formatUsdc(post.priceAtomic),
    whitelistPrice: post.whitelistPriceAtomic === null ? null : formatUsdc(post.whitelistPriceAtomic),
    accessPolicy: policyView(post.audiencePolicy),
    currency: post.currency,
    tier: post.tier,
    publicAccess: post.publicAccess,
    whitelistCount,
    mediaCount,
    tags: splitTags(post.tags),
    coverUrl: post.coverUrl,
    externalVideoUrl: post.externalVideoUrl,
    encrypted: !!post.bodyWrappedKey,
    contentHash: post.contentHash,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    publishedAt: post.publishedAt?.toISOString() ?? null,
    url: postUrls(origin, post).page,
    ...counted,
  };
}
