import "server-only";
import type { Address } from "viem";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { z } from "zod";
import type { accessGrant, paymentSummary } from "@/lib/schemas/quickshare";
import type { ShareRow } from "./find-share";
import { listShareMedia, type ShareMediaItem } from "./list-share-media";
import { readShareBody } from "./read-share-body";
import { signUnlockProof } from "./sign-unlock-proof";

export type AccessGrantBody = z.infer<typeof accessGrant>;
export type Via = AccessGrantBody["access"]["via"];

/**
 * The 200 body of a granted read: decrypted content, media metadata, embeds, and (for a wallet
 * holding an entitlement) an unlock proof — the live one the reader sent, or a fresh 12-hour one.
 */
export async function buildGrant({ share, via, wallet, entitled, entitlementSource, liveProof, payment = null, now = new Date() }: {
  share: ShareRow;
  via: Via;
  wallet: Address | null;
  /** The wallet holds an active entitlement after this request. */
  entitled: boolean;
  entitlementSource: string | null;
  liveProof: string | null;
  payment?: z.infer<typeof paymentSummary> | null;
  now?: Date;
}): Promise<AccessGrantBody> {
  const [content, media] = await Promise.all([readShareBody({ share }), listShareMedia({ shareId: share.id, slug: share.slug })]);
  const unlockProof =
    entitled && wallet ? (liveProof ?? signUnlockProof({ secret: env.UNLOCK_PROOF_SECRET, shareId: share.id, wallet, iat: Math.floor(now.getTime() / 1000) })) : null;
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

export function mediaMetadata(items: ShareMediaItem[]): AccessGrantBody["media"] {
  const first = (kind: string) => items.find((m) => m.kind === kind) ?? null;
  const audio = first("music");
  const video = first("video");
  const doc = first("document");
  return {
    photos: items.filter((m) => m.kind === "photo").map((m) => m.url),
    hasAudio: !!audio,
    audioContentType: audio?.contentType ?? null,
    hasVideo: !!video,
    videoContentType: video?.contentType ?? null,
    hasDocument: !!doc,
    documentName: doc?.fileName ?? null,
    documentSize: doc?.size ?? null,
    documentContentType: doc?.contentType ?? null,
    items: items.map((m) => ({ kind: m.kind, index: m.index, url: m.url, contentType: m.contentType, size: m.size, fileName: m.fileName })),
  };
}
