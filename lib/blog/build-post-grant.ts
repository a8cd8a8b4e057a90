import "server-only";
import type { Address } from "viem";
import type { z } from "zod";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { mediaMetadata } from "@/lib/quickshare/build-grant";
import { readShareBody } from "@/lib/quickshare/read-share-body";
import { signUnlockProof } from "@/lib/quickshare/sign-unlock-proof";
import type { paymentSummary } from "@/lib/schemas/quickshare";
import type { BlogContext } from "./blog-context";
import type { PostRow } from "./find-post";
import { postProofId } from "./post-gate";
import { listPostMedia, postDocument } from "./post-media";
import { postPath, postUrls } from "./post-urls";

export type PostVia = "free" | "entitlement" | "whitelist-free" | "payment";

/**
 * The 200 of a granted post read: the decrypted body, the media metadata fields of the interface,
 * the document rendered in full, and (for an entitled wallet) an unlock proof — the live one the
 * reader sent, or a fresh 12-hour one bound to this post.
 */
export async function buildPostGrant({ blog, post, via, wallet, entitled, entitlementSource, liveProof, payment = null, now = new Date() }: {
  blog: BlogContext;
  post: PostRow;
  via: PostVia;
  wallet: Address | null;
  entitled: boolean;
  entitlementSource: string | null;
  liveProof: string | null;
  payment?: z.infer<typeof paymentSummary> | null;
  now?: Date;
}) {
  const media = await listPostMedia({ origin: blog.origin, post });
  const [content, document] = await Promise.all([
    post.bodyStorageRef ? readShareBody({ share: post }) : Promise.resolve(""),
    postDocument({ media, full: true }),
  ]);
  const unlockProof = entitled && wallet ? (liveProof ?? signUnlockProof({ secret: env.UNLOCK_PROOF_SECRET, shareId: postProofId(post.id), wallet, iat: Math.floor(now.getTime() / 1000) })) : null;
  return {
    ok: true as const,
    resource: {
      id: post.id,
      slug: post.slug,
      type: post.type,
      path: postPath(post),
      title: post.title,
      summary: post.summary,
      price: formatUsdc(post.priceAtomic),
      currency: post.currency,
      tier: post.tier,
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
  };
}
