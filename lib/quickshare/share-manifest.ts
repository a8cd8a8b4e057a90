import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import type { manifestResponse } from "@/lib/schemas/quickshare";
import type { ShareRow } from "./find-share";
import { readableShare } from "./readable-share";
import { shareStatus } from "./share-status";
import { shareUrls } from "./share-urls";

export type ShareManifest = z.infer<typeof manifestResponse>;

/** GET /quickshare/<slug>/manifest: the machine-readable description of a share (never its body). */
export async function shareManifest({ slug, now = new Date() }: { slug: string; now?: Date }): Promise<ShareManifest> {
  return manifestOf(await readableShare({ slug }), now);
}

export function manifestOf(share: ShareRow, now = new Date()): ShareManifest {
  const price = formatUsdc(share.priceAtomic);
  const free = share.priceAtomic === 0n && (share.whitelistPriceAtomic ?? 0n) === 0n;
  return {
    schema: `${env.HUB_ORIGIN}/quickshare/manifest-schema`,
    version: 1,
    kind: "quickshare",
    slug: share.slug,
    title: share.title,
    summary: share.summary,
    contentType: share.contentType as ShareManifest["contentType"],
    price,
    currency: share.currency,
    expiresAt: share.expiresAt.toISOString(),
    status: shareStatus(share, now),
    createdAt: share.createdAt.toISOString(),
    viewCount: share.viewCount,
    unlockCount: share.unlockCount,
    urls: shareUrls(share.slug),
    payment: {
      scheme: "x402",
      description: free
        ? share.publicAccess
          ? "Free: GET the access URL."
          : "Free for invited wallets: GET the access URL with a session of an invited wallet or its unlock proof (x-svc-payment-proof)."
        : `GET the access URL: 402 with an x402 challenge (PAYMENT-REQUIRED) for ${price} ${share.currency}; retry with Payment-Signature (gateway) or x-svc-transfer-tx + x-svc-tx-owner (transfer). The 200 carries an unlockProof to re-read without paying.`,
    },
  };
}
