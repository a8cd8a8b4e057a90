import "server-only";
import type { z } from "zod";
import { mediaMetadata } from "@/lib/access/media-metadata";
import { readBody } from "@/lib/access/read-body";
import type { GrantTerms } from "@/lib/access/types";
import type { postAccessGrant } from "@/lib/schemas/blog";
import type { BlogContext } from "./blog-context";
import type { PostRow } from "./find-post";
import { listPostMedia, postDocument } from "./post-media";
import { postFields } from "./post-fields";
import { postUrls } from "./post-urls";

export type PostGrantBody = Awaited<ReturnType<typeof buildPostGrant>>;

/**
 * The 200 of a granted post read: the decrypted body, the media metadata fields of the interface,
 * the document rendered in full, and the engine's grant terms (access, entitlement, unlock proof, payment).
 * Type-checked against the declared grant (satisfies, not a return type: pages keep the document's render union).
 */
export async function buildPostGrant(blog: BlogContext, post: PostRow, { via, wallet, entitled, entitlementSource, unlockProof, payment }: GrantTerms) {
  const media = await listPostMedia({ origin: blog.origin, post });
  const [content, document] = await Promise.all([
    post.bodyStorageRef ? readBody({ resource: post }) : Promise.resolve(""),
    postDocument({ media, full: true }),
  ]);
  return {
    ok: true as const,
    resource: {
      ...postFields(post),
      url: postUrls(blog.origin, post).page,
    },
    content,
    contentHash: post.contentHash,
    media: { ...mediaMetadata(media), coverUrl: post.coverUrl, externalVideoUrl: post.externalVideoUrl },
    document,
    access: { via, wallet },
    entitlement: entitled && wallet ? { wallet, status: "active" as const, source: entitlementSource ?? "payment" } : null,
    unlockProof,
    payment,
  } satisfies z.input<typeof postAccessGrant>;
}
