import "server-only";
import { replaceAccessList } from "@/lib/access/replace-access-list";
import { resourceKey } from "@/lib/access/resource-key";
import { getAddress, type Address } from "viem";
import type { z } from "zod";
import { contentHash } from "@/lib/crypto/content-hash";
import { encryptBlob } from "@/lib/crypto/encrypt-blob";
import { masterKey } from "@/lib/crypto/master-key";
import { db, type Tx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { parseUsdc } from "@/lib/money";
import { storedPolicy } from "@/lib/access/audience-policy";
import { BLOG_BODY_MAX_BYTES, type createPostBody, type updatePostBody } from "@/lib/schemas/blog";
import { newStorageRef } from "@/lib/storage/blob-store";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { isUniqueViolation } from "@/lib/x402/is-unique-violation";
import { adminPostView } from "./admin-post-view";
import type { BlogContext } from "./blog-context";
import { adminPost as loadAdminPost } from "./find-post";
import { syncPostListing } from "./post-listing";

type CreateInput = z.output<typeof createPostBody>;
type UpdateInput = z.output<typeof updatePostBody>;

/**
 * Creates (no `key`) or edits a post of the blog. A body is encrypted under its own key into the
 * blob store exactly as a quickshare body (and committed to with contentHash); the admin's uploads
 * listed in `media` are attached in order; the whitelist is replaced when given. Publishing stamps
 * publishedAt; unpublishing makes every read 404 again.
 */
export async function savePost({ blog, admin, key, input }: { blog: BlogContext; admin: Address; key?: string; input: CreateInput | UpdateInput }) {
  const site = blog.site;
  const existing = key ? await loadAdminPost({ siteId: site.id, key }) : null;
  const owner = getAddress(site.ownerWallet);
  if (input.externalVideoUrl && (input.type ?? existing?.type) !== "video") throw new ApiError("invalid-request", "externalVideoUrl: only a video post embeds an external video");

  let body: { storageRef: string; wrappedKey: string; hash: string } | null = null;
  if (input.body !== undefined) {
    const plaintext = Buffer.from(input.body, "utf8");
    if (plaintext.length > BLOG_BODY_MAX_BYTES) throw new ApiError("payload-too-large", `body is ${plaintext.length} bytes; a post body may be at most ${BLOG_BODY_MAX_BYTES} bytes (512 KB)`);
    const storageRef = newStorageRef("qs");
    const { blob, wrappedKey } = encryptBlob({ plaintext, masterKey: masterKey() });
    await getBlobStore().put(storageRef, blob);
    body = { storageRef, wrappedKey, hash: contentHash({ owner, storageRef, plaintext }) };
  }

  const mediaRefs = [...new Set(input.media ?? [])];
  if (mediaRefs.length !== (input.media ?? []).length) throw new ApiError("invalid-request", "media: the same upload is listed twice");
  const slug = input.slug ?? existing?.slug ?? slugify(input.title ?? "post");
  const status = input.status ?? existing?.status ?? "draft";
  const data = {
    slug,
    ...(input.type !== undefined && { type: input.type }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.summary !== undefined && { summary: input.summary }),
    ...(input.price !== undefined && { priceAtomic: parseUsdc(input.price) }),
    ...(input.whitelistPrice !== undefined && { whitelistPriceAtomic: input.whitelistPrice === null ? null : parseUsdc(input.whitelistPrice) }),
    ...(input.accessPolicy !== undefined && { audiencePolicy: storedPolicy(input.accessPolicy) }),
    ...(input.tier !== undefined && { tier: input.tier }),
    ...(input.publicAccess !== undefined && { publicAccess: input.publicAccess }),
    ...(input.tags !== undefined && { tags: input.tags.join(",") }),
    ...(input.coverUrl !== undefined && { coverUrl: input.coverUrl }),
    ...(input.externalVideoUrl !== undefined && { externalVideoUrl: input.externalVideoUrl }),
    ...(body && { bodyStorageRef: body.storageRef, bodyWrappedKey: body.wrappedKey, contentHash: body.hash }),
    status,
    publishedAt: status === "published" ? (existing?.status === "published" ? existing.publishedAt : new Date()) : null,
  };

  try {
    const post = await db.$transaction(async (tx) => {
      const row = existing
        ? await tx.blogPost.update({ where: { id: existing.id }, data })
        : await tx.blogPost.create({ data: { siteId: site.id, ...data } });
      if (input.whitelist !== undefined) await replaceAccessList(tx, { resourceKey: resourceKey("post", row.id), wallets: input.whitelist });
      if (mediaRefs.length) await attachUploads(tx, { postId: row.id, admin, refs: mediaRefs });
      await syncPostListing(tx, { site, post: row });
      return row;
    });
    if (existing?.bodyStorageRef && body) await getBlobStore().delete(existing.bodyStorageRef).catch(() => {});
    return { success: true as const, post: await adminPostView(post, blog.origin) };
  } catch (err) {
    if (body) await getBlobStore().delete(body.storageRef).catch(() => {});
    if (isUniqueViolation(err)) throw new ApiError("conflict", `slug: this blog already has a post ${slug}`);
    throw err;
  }
}

async function attachUploads(tx: Tx, { postId, admin, refs }: { postId: string; admin: Address; refs: string[] }) {
  const start = await tx.media.count({ where: { resourceType: "blogpost", resourceId: postId } });
  for (const [i, ref] of refs.entries()) {
    // Guarded: only the admin's own unattached upload, and only once.
    const res = await tx.media.updateMany({ where: { storageRef: ref, ownerWallet: admin, resourceType: "upload" }, data: { resourceType: "blogpost", resourceId: postId, position: start + i } });
    if (res.count !== 1) throw new ApiError("invalid-request", `media: not an unattached upload of yours: ${ref}`);
  }
}

function slugify(title: string): string {
  const s = title.normalize("NFKD").replace(/[^\w\s-]/g, "").trim().toLowerCase().replace(/[\s_]+/g, "-").replace(/-+/g, "-").slice(0, 80).replace(/^-|-$/g, "");
  return s || `post-${Date.now().toString(36)}`;
}
