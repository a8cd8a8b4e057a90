import "server-only";
import { replaceAccessList } from "@/lib/access/replace-access-list";
import { resourceKey } from "@/lib/access/resource-key";
import { getAddress } from "viem";
import type { z } from "zod";
import { contentHash } from "@/lib/crypto/content-hash";
import { encryptBlob } from "@/lib/crypto/encrypt-blob";
import { masterKey } from "@/lib/crypto/master-key";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { parseUsdc } from "@/lib/money";
import { storedPolicy } from "@/lib/access/audience-policy";
import { type createShareBody, QS_BODY_MAX_BYTES, QS_MAX_EXPIRY_HOURS } from "@/lib/schemas/quickshare";
import { newStorageRef } from "@/lib/storage/blob-store";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { shareSummary } from "./share-summary";
import { withFreshSlug } from "./with-fresh-slug";

const HOUR_MS = 3_600_000;

/**
 * Creates a share owned by `owner`: encrypts the body under its own key into the blob store,
 * commits to it with contentHash, stores the whitelist and attaches the owner's uploads in order.
 * Every share expires, at most 168 hours after creation.
 */
export async function createShare({ owner, input, now = new Date() }: { owner: string; input: z.output<typeof createShareBody>; now?: Date }) {
  const plaintext = Buffer.from(input.content, "utf8");
  if (plaintext.length > QS_BODY_MAX_BYTES) {
    throw new ApiError("payload-too-large", `content is ${plaintext.length} bytes; a share body may be at most ${QS_BODY_MAX_BYTES} bytes (512 KB)`);
  }
  const expiresAt = resolveExpiry(input, now);
  const ownerWallet = getAddress(owner);
  const priceAtomic = parseUsdc(input.price);
  const whitelistPriceAtomic = input.whitelistPrice == null ? null : parseUsdc(input.whitelistPrice);
  const mediaRefs = [...new Set(input.media)];
  if (mediaRefs.length !== input.media.length) throw new ApiError("invalid-request", "media: the same upload is listed twice");

  const uploads = mediaRefs.length
    ? await db.media.findMany({ where: { storageRef: { in: mediaRefs }, ownerWallet, resourceType: "upload" } })
    : [];
  const missing = mediaRefs.filter((ref) => !uploads.some((u) => u.storageRef === ref));
  if (missing.length) throw new ApiError("invalid-request", `media: not an unattached upload of yours: ${missing.join(", ")}`);
  const byRef = new Map(uploads.map((u) => [u.storageRef, u]));
  const cover = mediaRefs.map((r) => byRef.get(r)!).find((u) => u.previewRef)?.previewRef ?? null;

  const storageRef = newStorageRef("qs");
  const { blob, wrappedKey } = encryptBlob({ plaintext, masterKey: masterKey() });
  const hash = contentHash({ owner: ownerWallet, storageRef, plaintext });
  await getBlobStore().put(storageRef, blob);

  try {
    const { share, whitelist } = await withFreshSlug((slug) =>
      db.$transaction(async (tx) => {
        const row = await tx.quickshare.create({
          data: {
            slug, network: env.NETWORK_MODE, ownerWallet, title: input.title, summary: input.summary ?? "",
            contentType: input.contentType, priceAtomic, whitelistPriceAtomic, currency: input.currency, audiencePolicy: storedPolicy(input.accessPolicy),
            publicAccess: input.publicAccess, status: input.draft ? "draft" : "active", expiresAt, createdAt: now,
            bodyStorageRef: storageRef, bodyWrappedKey: wrappedKey, bodySize: plaintext.length, contentHash: hash,
            coverStorageRef: cover, previewRef: cover,
          },
        });
        const whitelist = await replaceAccessList(tx, { resourceKey: resourceKey("share", row.id), wallets: input.whitelist });
        for (const [position, ref] of mediaRefs.entries()) {
          // Guarded: an upload attached by a concurrent create is no longer "upload" and fails this one.
          const res = await tx.media.updateMany({
            where: { storageRef: ref, ownerWallet, resourceType: "upload" },
            data: { resourceType: "quickshare", resourceId: row.id, position },
          });
          if (res.count !== 1) throw new ApiError("conflict", `media: ${ref} was attached to another share meanwhile`);
        }
        return { share: row, whitelist };
      }),
    );
    return shareSummary({ share, whitelistCount: whitelist.length, mediaCount: mediaRefs.length, now });
  } catch (err) {
    await getBlobStore().delete(storageRef).catch(() => {});
    throw err;
  }
}

function resolveExpiry(input: { expiresInHours?: number; expiresAt?: string }, now: Date): Date {
  const max = now.getTime() + QS_MAX_EXPIRY_HOURS * HOUR_MS;
  if (input.expiresAt) {
    const at = new Date(input.expiresAt).getTime();
    if (at <= now.getTime()) throw new ApiError("invalid-request", "expiresAt: must be in the future");
    if (at > max) throw new ApiError("invalid-request", `expiresAt: must be at most ${QS_MAX_EXPIRY_HOURS} hours from now`);
    return new Date(at);
  }
  return new Date(now.getTime() + (input.expiresInHours ?? QS_MAX_EXPIRY_HOURS) * HOUR_MS);
}
