import { z } from "zod";
import { walletAddress } from "./auth";

export const VERIFICATION_SOURCES = ["widget", "owner-link", "cross-stack"] as const;
export const VERIFICATION_STATUSES = ["pending", "verified", "failed", "stale", "removed", "unregistered"] as const;

const isoDate = z.iso.datetime();

export const domainInput = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .meta({ description: "A host name or a URL on it; stored lowercase without scheme, port, path or a leading www.", example: "quiet-letters.example" });

export const registerSiteBody = z
  .object({
    domain: domainInput,
    name: z.string().trim().max(120).optional().meta({ description: "Display name; read from the site's title when omitted" }),
    description: z.string().trim().max(500).optional(),
  })
  .meta({ id: "RegisterSiteRequest", example: { domain: "quiet-letters.example", name: "Quiet Letters" } });

export const websiteIdParams = z.object({ websiteId: z.string().min(1).max(100).meta({ description: "The site UUID" }) });

export const verifySiteBody = z
  .object({
    method: z.enum(VERIFICATION_SOURCES).default("owner-link").meta({
      description:
        "owner-link: https://<domain>/.well-known/svc-owner.txt (or http) lists your wallet, or the home page carries <meta name=\"svc:owner\" content=\"<wallet>\">. widget: a page of the domain embeds the hub widget with this site's token. cross-stack: the peer hub (PEER_HUB_URL) has the domain verified for your wallet.",
    }),
    pageUrl: z.url().max(2048).optional().meta({ description: "widget: the page that embeds the widget (default the home page); must be on the domain" }),
  })
  .meta({ id: "VerifySiteRequest", example: { method: "owner-link" } });

export const siteMeta = z
  .object({
    name: z.string(),
    description: z.string(),
    faviconUrl: z.string().nullable(),
    ogImageUrl: z.string().nullable(),
  })
  .meta({ id: "SiteMeta", description: "Read from the domain's home page at verification (title, meta description, icon, og:image)" });

export const ownerProfile = z
  .object({ username: z.string().nullable(), bio: z.string().nullable(), avatarUrl: z.string().nullable(), socials: z.record(z.string(), z.string()) })
  .meta({ id: "OwnerProfile" });

export const ownedSite = z
  .object({
    id: z.string().meta({ description: "Site UUID (websiteId)" }),
    domain: z.string(),
    name: z.string(),
    description: z.string(),
    faviconUrl: z.string().nullable(),
    ogImageUrl: z.string().nullable(),
    ownerWallet: walletAddress,
    ownerWallets: z.array(walletAddress),
    verified: z.boolean(),
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    verificationSource: z.enum(VERIFICATION_SOURCES).nullable(),
    lastVerifiedAt: isoDate.nullable(),
    hosted: z.boolean(),
    contentCount: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
    siteKey: z.string().meta({ description: "The site's public key (pk_…): the widget snippet carries it and POST /hub/evt accepts it as `token`. Public by design." }),
    verifyToken: z
      .string()
      .nullable()
      .meta({ description: "The site's secret (sk_…) for tip claims and /hub/pay attribution: present only in the answer that issued it (registration of a new, restored or taken-over site, or POST /hub/sites/{websiteId}/secret), null everywhere else. Only its hash is stored: keep it, or rotate it." }),
    secretIssuedBeforeSplit: z.boolean().meta({ description: "The site still has a secret issued before site keys existed (it was in the old widget snippet, so it may be public): rotate it." }),
    verification: z.object({
      widget: z.object({ scriptUrl: z.string(), snippet: z.string() }),
      ownerLink: z.object({ fileUrl: z.string(), fileContent: z.string(), metaTag: z.string() }),
    }),
  })
  .meta({ id: "OwnedSite" });

export const registerSiteResponse = z
  .object({ success: z.literal(true), created: z.boolean(), site: ownedSite })
  .meta({ id: "RegisterSiteResponse" });

export const rotateSecretResponse = z.object({ success: z.literal(true), site: ownedSite }).meta({ id: "RotateSiteSecretResponse" });

export const listSitesResponse = z.object({ success: z.literal(true), sites: z.array(ownedSite) }).meta({ id: "ListSitesResponse" });

export const verifyAttempt = z.object({
  url: z.string(),
  ok: z.boolean(),
  detail: z.string(),
});

export const verifySiteResponse = z
  .object({
    success: z.literal(true),
    verified: z.boolean().meta({ description: "Whether this attempt proved the domain" }),
    method: z.enum(VERIFICATION_SOURCES),
    attempts: z.array(verifyAttempt).meta({ description: "Each URL checked and what was found" }),
    site: ownedSite,
  })
  .meta({ id: "VerifySiteResponse" });

export const removeSiteResponse = z
  .object({ success: z.literal(true), id: z.string(), removed: z.literal(true) })
  .meta({ id: "RemoveSiteResponse", example: { success: true, id: "1b0c6c1e-8a54-4a0b-9a55-2f3f1a0f7a10", removed: true } });

export const verifyStatusQuery = z.object({ domain: domainInput });

export const verifyStatusResponse = z
  .object({
    success: z.literal(true),
    verified: z.boolean(),
    verificationStatus: z.enum(VERIFICATION_STATUSES),
    domain: z.string(),
    name: z.string(),
    lastVerifiedAt: isoDate.nullable(),
    verificationSource: z.enum(VERIFICATION_SOURCES).nullable(),
    ownerWallets: z.array(walletAddress),
    publisher: z.object({ wallet: walletAddress, username: z.string().nullable(), avatarUrl: z.string().nullable() }).nullable(),
    siteMeta,
    ownerProfile: ownerProfile.nullable(),
  })
  .meta({
    id: "SiteVerificationStatus",
    example: {
      success: true,
      verified: true,
      verificationStatus: "verified",
      domain: "quiet-letters.example",
      name: "Quiet Letters",
      lastVerifiedAt: "2026-11-22T07:05:43.604Z",
      verificationSource: "owner-link",
      ownerWallets: ["0x14dC79964da2C08b23698B3D3cc7Ca32193d9955"],
      publisher: { wallet: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955", username: "quietletters", avatarUrl: null },
      siteMeta: { name: "Quiet Letters", description: "Essays on slow software and long walks.", faviconUrl: "https://quiet-letters.example/favicon.ico", ogImageUrl: null },
      ownerProfile: { username: "quietletters", bio: "Writes slowly.", avatarUrl: null, socials: {} },
    },
  });

// ── identity sync between hubs ──

export const verifiedIdentitiesQuery = z.object({
  domains: z.string().max(20_000).optional().meta({ description: "Comma-separated domains (default: every verified site)" }),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  skip: z.coerce.number().int().min(0).default(0),
});

export const blogPostIdentity = z.object({
  slug: z.string(),
  type: z.string(),
  title: z.string(),
  summary: z.string(),
  priceAtomic: z.string().meta({ description: "Atomic USDC units (6 decimals) as an integer string" }),
  currency: z.string(),
  tier: z.string(),
  publicAccess: z.boolean(),
  whitelist: z.array(z.string()).default([]).meta({ description: "Invited wallets of an invite-only post" }),
  tags: z.string(),
  coverUrl: z.string().nullable(),
  externalVideoUrl: z.string().nullable(),
  bodyStorageRef: z.string().nullable(),
  bodyWrappedKey: z.string().nullable(),
  contentHash: z.string().nullable(),
  publishedAt: isoDate.nullable(),
  createdAt: isoDate,
});

export const siteIdentity = z
  .object({
    id: z.string(),
    domain: z.string(),
    name: z.string(),
    description: z.string(),
    faviconUrl: z.string().nullable(),
    ogImageUrl: z.string().nullable(),
    ownerWallet: walletAddress,
    ownerWallets: z.array(z.object({ wallet: walletAddress, role: z.string() })),
    verified: z.literal(true),
    verificationSource: z.enum(VERIFICATION_SOURCES).nullable(),
    lastVerifiedAt: isoDate.nullable(),
    hosted: z.boolean(),
    blogActive: z.boolean(),
    blogName: z.string().nullable(),
    publisher: ownerProfile.nullable(),
    blogPosts: z.array(blogPostIdentity).meta({ description: "Published posts only" }),
  })
  .meta({ id: "SiteIdentity" });

export const verifiedIdentitiesResponse = z
  .object({
    success: z.literal(true),
    network: z.enum(["testnet", "mainnet"]),
    identities: z.array(siteIdentity),
    total: z.number().int(),
    limit: z.number().int(),
    skip: z.number().int(),
  })
  .meta({ id: "VerifiedIdentitiesResponse" });

export const syncFromPeerBody = z
  .union([
    z.object({ domains: z.array(domainInput).min(1).max(200) }),
    z.object({ all: z.literal(true) }),
  ])
  .meta({ id: "SyncFromPeerRequest", example: { domains: ["quiet-letters.example"] } });

export const syncFromPeerResponse = z
  .object({
    success: z.literal(true),
    peer: z.string(),
    synced: z.array(z.object({ domain: z.string(), siteId: z.string(), created: z.boolean(), blogPosts: z.number().int() })),
    skipped: z.array(z.object({ domain: z.string(), reason: z.string() })),
  })
  .meta({
    id: "SyncFromPeerResponse",
    example: {
      success: true,
      peer: "https://testnet.hub.example",
      synced: [{ domain: "quiet-letters.example", siteId: "1b0c6c1e-8a54-4a0b-9a55-2f3f1a0f7a10", created: true, blogPosts: 2 }],
      skipped: [{ domain: "unknown.example", reason: "not verified on the peer hub" }],
    },
  });

// ── blog link tokens ──

export const generateBlogLinkBody = z
  .object({ siteId: z.string().max(100).optional().meta({ description: "Bind the token to one of your sites (optional)" }) })
  .meta({ id: "GenerateBlogLinkRequest", example: { siteId: "1b0c6c1e-8a54-4a0b-9a55-2f3f1a0f7a10" } });

export const generateBlogLinkResponse = z
  .object({ success: z.literal(true), token: z.string(), wallet: walletAddress, siteId: z.string().nullable(), expiresAt: isoDate })
  .meta({
    id: "GenerateBlogLinkResponse",
    example: { success: true, token: "bl_3q2-7wEJr1t0aY8cX5mN9pLk4Vb6Zs0d", wallet: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955", siteId: null, expiresAt: "2026-11-22T07:20:43.604Z" },
  });

export const verifyBlogLinkBody = z
  .object({
    token: z.string().min(1).max(200),
    siteId: z.string().max(100).optional().meta({ description: "When the token was bound to a site, it must be named here" }),
  })
  .meta({ id: "VerifyBlogLinkRequest", example: { token: "bl_3q2-7wEJr1t0aY8cX5mN9pLk4Vb6Zs0d" } });

export const verifyBlogLinkResponse = z
  .object({ success: z.literal(true), valid: z.literal(true), wallet: walletAddress, siteId: z.string().nullable(), linkedAt: isoDate })
  .meta({
    id: "VerifyBlogLinkResponse",
    example: { success: true, valid: true, wallet: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955", siteId: null, linkedAt: "2026-11-22T07:06:01.000Z" },
  });
