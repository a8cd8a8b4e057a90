import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { ownedSite } from "@/lib/schemas/sites";
import { siteStatus } from "./site-status";

/** What toOwnedSite needs loaded with the site. */
export function ownedSiteInclude() {
  return {
    ownerWallets: { orderBy: { createdAt: "asc" } },
    _count: { select: { content: { where: { network: env.NETWORK_MODE } } } },
  } satisfies Prisma.SiteInclude;
}

type SiteWithOwners = Prisma.SiteGetPayload<{ include: ReturnType<typeof ownedSiteInclude> }>;

/** The widget embed and the owner-link proof a site's owner is asked to publish. */
export function verificationInstructions(site: { id: string; domain: string; ownerWallet: string; verifyToken: string }) {
  const scriptUrl = `${env.HUB_ORIGIN}/hub/widget.js`;
  return {
    widget: {
      scriptUrl,
      snippet: `<script async src="${scriptUrl}" data-site-id="${site.id}" data-token="${site.verifyToken}"></script>`,
    },
    ownerLink: {
      fileUrl: `https://${site.domain}/.well-known/svc-owner.txt`,
      fileContent: `${site.ownerWallet}\n`,
      metaTag: `<meta name="svc:owner" content="${site.ownerWallet}">`,
    },
  };
}

/** A site as its owner sees it (with its secret token and the proofs to publish). */
export function toOwnedSite(site: SiteWithOwners): z.infer<typeof ownedSite> {
  const { verified, status } = siteStatus(site);
  const wallets = [site.ownerWallet, ...site.ownerWallets.map((w) => w.wallet).filter((w) => w !== site.ownerWallet)];
  return ownedSite.parse({
    id: site.id,
    domain: site.domain,
    name: site.name,
    description: site.description,
    faviconUrl: site.faviconUrl,
    ogImageUrl: site.ogImageUrl,
    ownerWallet: site.ownerWallet,
    ownerWallets: wallets,
    verified,
    verificationStatus: status,
    verificationSource: site.verificationSource,
    lastVerifiedAt: site.lastVerifiedAt?.toISOString() ?? null,
    hosted: site.hosted,
    contentCount: site._count.content,
    createdAt: site.createdAt.toISOString(),
    updatedAt: site.updatedAt.toISOString(),
    verifyToken: site.verifyToken,
    verification: verificationInstructions(site),
  });
}
