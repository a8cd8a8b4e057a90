import "server-only";
import type { Address } from "viem";
import type { z } from "zod";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { ownedSite } from "@/lib/schemas/sites";
import { siteStatus } from "./site-status";

/** What toOwnedSite needs loaded with the site. */
export function ownedSiteInclude() {
  return {
    ownerWallets: { orderBy: { createdAt: "asc" } },
    _count: { select: { content: { where: { network: env.NETWORK_MODE } } } },
  } satisfies Prisma.SiteInclude;
}

type SiteWithOwners = Prisma.SiteGetPayload<{ include: ReturnType<typeof ownedSiteInclude> }>;

export type OwnedSiteView = z.input<typeof ownedSite>;

// Stored strings holding the schema's values (wallets are stored EIP-55, prisma/schema.prisma): typed, not parsed.
type Field<K extends keyof OwnedSiteView> = OwnedSiteView[K];

/** The widget embed (with the public site key, never the secret) and the owner-link proof a site's owner is asked to publish. */
export function verificationInstructions(site: { id: string; domain: string; ownerWallet: string; siteKey: string }) {
  const scriptUrl = `${env.HUB_ORIGIN}/hub/widget.js`;
  return {
    widget: {
      scriptUrl,
      snippet: `<script async src="${scriptUrl}" data-site-id="${site.id}" data-site-key="${site.siteKey}"></script>`,
    },
    ownerLink: {
      fileUrl: `https://${site.domain}/.well-known/svc-owner.txt`,
      fileContent: `${site.ownerWallet}\n`,
      metaTag: `<meta name="svc:owner" content="${site.ownerWallet}">`,
    },
  };
}

/**
 * A site as its owner sees it: its public key and the proofs to publish; its secret only in the answer
 * that issued it (`secret`), since only its hash is stored (docs/decisions.md #6). Built field by
 * field, not parsed: the route wrapper checks every answer that carries it (outside production).
 */
export function toOwnedSite(site: SiteWithOwners, { secret }: { secret?: string } = {}): OwnedSiteView {
  const { verified, status } = siteStatus(site);
  const wallets = [site.ownerWallet, ...site.ownerWallets.map((w) => w.wallet).filter((w) => w !== site.ownerWallet)] as Address[];
  return {
    id: site.id,
    domain: site.domain,
    name: site.name,
    description: site.description,
    faviconUrl: site.faviconUrl,
    ogImageUrl: site.ogImageUrl,
    ownerWallet: site.ownerWallet as Address,
    ownerWallets: wallets,
    verified,
    verificationStatus: status,
    verificationSource: site.verificationSource as Field<"verificationSource">,
    lastVerifiedAt: site.lastVerifiedAt?.toISOString() ?? null,
    hosted: site.hosted,
    contentCount: site._count.content,
    createdAt: site.createdAt.toISOString(),
    updatedAt: site.updatedAt.toISOString(),
    siteKey: site.siteKey,
    verifyToken: secret ?? null,
    secretIssuedBeforeSplit: site.secretHash === null && site.verifyToken !== null,
    verification: verificationInstructions(site),
  };
}
