import "server-only";
import type { z } from "zod";
import { mediaMetadata } from "@/lib/access/media-metadata";
import { readBody } from "@/lib/access/read-body";
import type { GrantTerms } from "@/lib/access/types";
import { formatUsdc } from "@/lib/money";
import type { accessGrant } from "@/lib/schemas/quickshare";
import type { ShareRow } from "./find-share";
import { listShareMedia } from "./list-share-media";

export type AccessGrantBody = z.infer<typeof accessGrant>;

/** The 200 body of a granted share read: decrypted content, media metadata, embeds, and the engine's grant terms. */
export async function buildGrant(share: ShareRow, { via, wallet, entitled, entitlementSource, unlockProof, payment }: GrantTerms): Promise<AccessGrantBody> {
  const [content, media] = await Promise.all([readBody({ resource: share }), listShareMedia(share)]);
  return {
    ok: true,
    resource: {
      id: share.id,
      slug: share.slug,
      title: share.title,
      price: formatUsdc(share.priceAtomic),
      currency: share.currency,
      contentType: share.contentType as AccessGrantBody["resource"]["contentType"],
      expiresAt: share.expiresAt.toISOString(),
    },
    content,
    contentHash: share.contentHash,
    media: mediaMetadata(media),
    embeds: Object.fromEntries(media.map((m) => [`svc-embed://${m.order}`, m.url])),
    access: { via, wallet },
    entitlement: entitled && wallet ? { wallet, status: "active", source: entitlementSource ?? "payment" } : null,
    unlockProof,
    payment,
  };
}
