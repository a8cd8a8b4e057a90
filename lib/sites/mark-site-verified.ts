import "server-only";
import { db } from "@/lib/db";
import type { SiteMeta } from "./read-site-meta";
import { refreshSiteSearchText } from "./refresh-site-search-text";

export type VerificationSource = "widget" | "owner-link" | "cross-stack";

/**
 * Records a successful proof: the site becomes verified now by `source`, the proving wallet joins
 * its owner wallets, and what the home page says about the site fills its meta (a name the owner
 * chose is kept). Rebuilds the content search text when the name changed.
 */
export async function markSiteVerified({
  siteId,
  source,
  wallet,
  meta,
  verifiedAt = new Date(),
}: {
  siteId: string;
  source: VerificationSource;
  wallet?: string | null;
  meta?: SiteMeta | null;
  verifiedAt?: Date;
}) {
  const nameChanged = await db.$transaction(async (tx) => {
    const site = await tx.site.findUniqueOrThrow({ where: { id: siteId } });
    const name = site.name || meta?.name || "";
    await tx.site.update({
      where: { id: siteId },
      data: {
        verified: true,
        verificationStatus: "verified",
        verificationSource: source,
        lastVerifiedAt: verifiedAt,
        name,
        ...(meta?.description ? { description: site.description || meta.description } : {}),
        ...(meta?.faviconUrl ? { faviconUrl: meta.faviconUrl } : {}),
        ...(meta?.ogImageUrl ? { ogImageUrl: meta.ogImageUrl } : {}),
      },
    });
    if (wallet) {
      await tx.owner.upsert({ where: { wallet }, create: { wallet }, update: {} });
      await tx.siteOwnerWallet.upsert({ where: { siteId_wallet: { siteId, wallet } }, create: { siteId, wallet }, update: {} });
    }
    return name !== site.name;
  });
  if (nameChanged) await refreshSiteSearchText({ siteId });
}
