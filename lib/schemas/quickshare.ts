import { z } from "zod";
import { audiencePolicySchema, audiencePolicyViewSchema } from "@/lib/access/audience-policy";
import { walletAddress } from "./auth";
import { MEDIA_MAX_BYTES } from "@/lib/media/media-types";
import { downloadParam } from "./media";

/** Limits of the interface (Limits table). */
export const QS_BODY_MAX_BYTES = 512 * 1024;
export const QS_MEDIA_MAX_BYTES = MEDIA_MAX_BYTES;
export const QS_MAX_EXPIRY_HOURS = 168;
export const QS_WHITELIST_MAX = 1000;
export const QS_MEDIA_PER_SHARE_MAX = 20;

export const CONTENT_TYPES = ["article", "music", "video", "image", "document"] as const;
export const MEDIA_KINDS = ["photo", "music", "video", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const SLUG = /^[1-9A-HJ-NP-Za-km-z]{8}$/;
export const slug = z.string().meta({ description: "8 characters of the base58 alphabet", example: "7Hq3xPzR" });
export const slugParams = z.object({ slug });

const usdcAmount = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,8})(\.\d{1,6})?$/, "must be a decimal USDC amount with at most 6 places, e.g. \"0.25\"");

/** Quickshare prices: "0" (free) or 0.01 to 10000 USDC. */
export const sharePrice = usdcAmount
  .refine((v) => Number(v) === 0 || (Number(v) >= 0.01 && Number(v) <= 10_000), "must be \"0\" (free) or between 0.01 and 10000")
  .meta({ example: "0.25" });

export const isSlug = (s: string) => SLUG.test(s);

// ───────── create ─────────

export const createShareBody = z
  .strictObject({
    title: z.string().trim().min(1).max(200),
    summary: z.string().max(1000).optional().meta({ description: "Public teaser shown on the share page and in meta" }),
    content: z.string().meta({ description: "The body (text or article, may contain svc-embed://N tokens). At most 512 KB of UTF-8; more answers 413." }),
    contentType: z.enum(CONTENT_TYPES).default("article"),
    price: sharePrice.meta({ description: "USDC decimal string; \"0\" for a free share" }),
    currency: z.literal("USDC").default("USDC"),
    whitelist: z.array(walletAddress).max(QS_WHITELIST_MAX).default([]).meta({ description: "Wallets on the list: invited readers (publicAccess false) or the whitelistPrice tier" }),
    whitelistPrice: sharePrice.nullable().optional().meta({ description: "Price for whitelisted wallets; \"0\" makes them read free after proving possession" }),
    publicAccess: z.boolean().default(true).meta({ description: "false: invite-only, non-listed wallets get 403 before any charge" }),
    accessPolicy: audiencePolicySchema.nullable().optional().meta({ description: "Prices per audience (humans, agents): \"free\" | \"paid\" | \"blocked\", or { humans, agents } with { mode, price } each; null: everyone pays the price" }),
    expiresInHours: z.number().positive().max(QS_MAX_EXPIRY_HOURS).optional().meta({ description: "Lifetime in hours (fractions allowed, e.g. 0.5); default and maximum 168", example: 24 }),
    expiresAt: z.iso.datetime({ offset: true }).optional().meta({ description: "Alternative to expiresInHours: an instant at most 168 hours from now" }),
    media: z.array(z.string().regex(/^media\/[0-9a-f]{32}$/, "must be a storageRef returned by POST /uploads/content")).max(QS_MEDIA_PER_SHARE_MAX).default([])
      .meta({ description: "storageRefs of your uploads, in order; svc-embed://N in the content is the N-th of them (0-based)" }),
    draft: z.boolean().default(false).meta({ description: "Create unpublished (every read answers 404 until PUT access-control {publish: true})" }),
  })
  .refine((b) => !(b.expiresInHours !== undefined && b.expiresAt !== undefined), { message: "give expiresInHours or expiresAt, not both", path: ["expiresAt"] })
  .meta({
    id: "CreateQuickshareRequest",
    example: { title: "Field notes", content: "The tide pool at dawn…", price: "0.25", whitelist: [], publicAccess: true, expiresInHours: 24 },
  });

// ───────── shared response parts ─────────

export const shareStatus = z.enum(["active", "expired", "revoked", "draft"]);

const urls = z.object({
  page: z.string(),
  meta: z.string(),
  manifest: z.string(),
  access: z.string(),
  unlock: z.string(),
  media: z.string().meta({ description: "Template with {kind} and index=N" }),
});

export const shareSummary = z
  .object({
    id: z.string(),
    slug,
    title: z.string(),
    summary: z.string(),
    contentType: z.enum(CONTENT_TYPES),
    price: z.string(),
    whitelistPrice: z.string().nullable(),
    currency: z.string(),
    publicAccess: z.boolean(),
    accessPolicy: audiencePolicyViewSchema,
    status: shareStatus,
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    viewCount: z.number().int(),
    unlockCount: z.number().int(),
    revenue: z.number().meta({ description: "USDC received from paid unlocks" }),
    whitelistCount: z.number().int(),
    mediaCount: z.number().int(),
    contentHash: z.string().nullable(),
    urls,
  })
  .meta({ id: "QuickshareSummary" });

export const createShareResponse = z.object({ success: z.literal(true), share: shareSummary }).meta({ id: "CreateQuickshareResponse" });

export const manifestResponse = z
  .object({
    schema: z.string(),
    version: z.literal(1),
    kind: z.literal("quickshare"),
    slug,
    title: z.string(),
    summary: z.string(),
    contentType: z.enum(CONTENT_TYPES),
    price: z.string(),
    currency: z.string(),
    expiresAt: z.iso.datetime(),
    status: shareStatus,
    createdAt: z.iso.datetime(),
    viewCount: z.number().int(),
    unlockCount: z.number().int(),
    urls,
    payment: z.object({ scheme: z.literal("x402"), description: z.string() }),
  })
  .meta({ id: "QuickshareManifest" });

export const metaResponse = z
  .object({
    success: z.literal(true),
    slug,
    title: z.string(),
    summary: z.string(),
    contentType: z.enum(CONTENT_TYPES),
    price: z.string(),
    currency: z.string(),
    publicAccess: z.boolean(),
    cover: z.string().nullable().meta({ description: "URL of the public WebP preview (image shares), else null" }),
    status: shareStatus,
    expiresAt: z.iso.datetime(),
    viewCount: z.number().int(),
    unlockCount: z.number().int(),
  })
  .meta({ id: "QuickshareMeta" });

export const walletQuery = z.object({ wallet: walletAddress.optional().meta({ description: "A claim only: changes the price tier, never grants" }) });

const mediaItem = z.object({
  kind: z.enum(MEDIA_KINDS),
  index: z.number().int(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  fileName: z.string(),
});

export const mediaMetadata = z
  .object({
    photos: z.array(z.string()).meta({ description: "Media URLs of the photos, in order" }),
    hasAudio: z.boolean(),
    audioContentType: z.string().nullable(),
    hasVideo: z.boolean(),
    videoContentType: z.string().nullable(),
    hasDocument: z.boolean(),
    documentName: z.string().nullable(),
    documentSize: z.number().int().nullable(),
    documentContentType: z.string().nullable(),
    items: z.array(mediaItem),
  })
  .meta({ id: "QuickshareMedia" });

export const paymentSummary = z
  .object({
    amount: z.number(),
    currency: z.string(),
    payerWallet: z.string(),
    txHash: z.string().nullable().meta({ description: "Settlement transaction; null while a gateway payment waits for its batch" }),
    protocolFee: z.number().nullable(),
    paymentId: z.string().optional(),
    paymentProvider: z.string().optional(),
    network: z.string().optional(),
  })
  .meta({ id: "QuickshareUnlockPayment" });

export const accessGrant = z
  .object({
    ok: z.literal(true),
    resource: z.object({ id: z.string(), slug, title: z.string(), price: z.string(), currency: z.string(), contentType: z.enum(CONTENT_TYPES), expiresAt: z.iso.datetime() }),
    content: z.string().meta({ description: "The decrypted body; svc-embed://N tokens refer to `embeds`" }),
    contentHash: z.string().nullable(),
    media: mediaMetadata,
    embeds: z.record(z.string(), z.string()).meta({ description: "svc-embed://N → media URL" }),
    access: z.object({ via: z.enum(["free", "entitlement", "whitelist-free", "payment"]), wallet: z.string().nullable() }),
    entitlement: z.object({ wallet: z.string(), status: z.literal("active"), source: z.string() }).nullable(),
    unlockProof: z.string().nullable().meta({ description: "Send as x-svc-payment-proof (media: also query proof) to re-read without paying; valid 12 hours" }),
    payment: paymentSummary.nullable(),
  })
  .meta({ id: "QuickshareAccessGrant" });

export const unlockBody = z
  .strictObject({ walletAddress: walletAddress.optional().meta({ description: "For a free share: the wallet to bind the proof to (needs a session of that wallet or its unlock proof)" }) })
  .meta({ id: "QuickshareUnlockRequest" });

export const mediaParams = z.object({ slug, kind: z.enum(MEDIA_KINDS) });
export const mediaQuery = z.object({
  index: z.coerce.number().int().min(0).max(QS_MEDIA_PER_SHARE_MAX).default(0),
  proof: z.string().max(300).optional(),
  wallet: walletAddress.optional(),
  download: downloadParam,
});

export const viewResponse = z.object({ success: z.literal(true), viewCount: z.number().int() }).meta({ id: "QuickshareView" });

// ───────── owner routes ─────────

export const mineResponse = z.object({ success: z.literal(true), shares: z.array(shareSummary) }).meta({ id: "QuickshareMine" });

export const dashboardQuery = z.object({
  from: z.iso.date().optional().meta({ description: "First day (UTC, YYYY-MM-DD); default 29 days before `to`" }),
  to: z.iso.date().optional().meta({ description: "Last day (UTC, YYYY-MM-DD); default today" }),
});

const totals = z.object({ views: z.number().int(), unlocks: z.number().int(), revenue: z.number() });

export const dashboardResponse = z
  .object({
    success: z.literal(true),
    range: z.object({ from: z.iso.date(), to: z.iso.date() }),
    lifetime: totals.extend({ shares: z.number().int(), activeShares: z.number().int() }),
    inRange: totals,
    daily: z.array(totals.extend({ day: z.iso.date() })),
    shares: z.array(totals.extend({ slug, title: z.string(), status: shareStatus, rangeViews: z.number().int(), rangeUnlocks: z.number().int(), rangeRevenue: z.number() })),
    recent: z.array(z.object({ kind: z.enum(["view", "unlock"]), slug, title: z.string(), wallet: z.string().nullable(), amount: z.number(), txHash: z.string().nullable(), at: z.iso.datetime() })),
  })
  .meta({ id: "QuickshareDashboard" });

export const statsResponse = z
  .object({
    success: z.literal(true),
    lifetime: totals.extend({ shares: z.number().int() }),
    last24h: totals,
    last7d: totals,
    activity: z.array(z.object({ kind: z.enum(["view", "unlock"]), wallet: z.string().nullable().meta({ description: "Truncated, e.g. 0x7099…79C8" }), amount: z.number(), at: z.iso.datetime() })),
  })
  .meta({ id: "QuickshareStats" });

export const reslugResponse = z.object({ success: z.literal(true), slug, previousSlug: slug, url: z.string() }).meta({ id: "QuickshareReslug" });
export const revokeResponse = z.object({ success: z.literal(true), slug, status: z.literal("revoked") }).meta({ id: "QuickshareRevoke" });

export const entitlementParams = z.object({ slug, wallet: walletAddress });
export const entitlementResponse = z
  .object({ success: z.literal(true), wallet: z.string(), status: z.enum(["active", "revoked", "banned", "none"]) })
  .meta({ id: "QuickshareEntitlement" });

/** One wallet's entitlement as every access-control view lists it (shares and posts alike). */
export const accessEntitlements = z.array(z.object({ wallet: z.string(), status: z.enum(["active", "revoked", "banned"]), source: z.string(), updatedAt: z.iso.datetime() }));

export const accessControlResponse = z
  .object({
    success: z.literal(true),
    slug,
    price: z.string(),
    whitelistPrice: z.string().nullable(),
    currency: z.string(),
    publicAccess: z.boolean(),
    whitelist: z.array(z.string()),
    accessPolicy: audiencePolicyViewSchema,
    status: shareStatus,
    entitlements: accessEntitlements,
  })
  .meta({ id: "QuickshareAccessControl" });

export const accessControlBody = z
  .strictObject({
    price: sharePrice.optional(),
    whitelistPrice: sharePrice.nullable().optional(),
    whitelist: z.array(walletAddress).max(QS_WHITELIST_MAX).optional().meta({ description: "Replaces the whole list" }),
    publicAccess: z.boolean().optional(),
    accessPolicy: audiencePolicySchema.nullable().optional().meta({ description: "Prices per audience (humans, agents): \"free\" | \"paid\" | \"blocked\", or { humans, agents } with { mode, price } each; null: everyone pays the price" }),
    publish: z.literal(true).optional().meta({ description: "Publish a draft" }),
  })
  .meta({ id: "QuickshareAccessControlUpdate" });

export const gatewayBalanceBody = z
  .strictObject({ walletAddress: walletAddress.optional().meta({ description: "Depositor; default the session wallet" }) })
  .meta({ id: "GatewayBalanceRequest" });

export const gatewayBalanceResponse = z
  .object({
    success: z.literal(true),
    wallet: z.string(),
    token: z.string(),
    gatewayWallet: z.string(),
    available: z.string().meta({ description: "USDC decimal string: the Gateway Wallet's availableBalance" }),
    total: z.string().meta({ description: "available + withdrawing" }),
    withdrawing: z.string(),
    withdrawable: z.string(),
    locked: z.string().meta({ description: "Gateway payments this hub accepted from the wallet that are not settled yet" }),
    spendable: z.string().meta({ description: "What the hub can still accept over the gateway rail: available + withdrawing − withdrawable − locked" }),
    atomic: z.object({ available: z.string(), total: z.string(), withdrawing: z.string(), withdrawable: z.string(), locked: z.string(), spendable: z.string() }),
  })
  .meta({ id: "GatewayBalance" });

export const uploadQuery = z.object({
  encrypted: z.enum(["1", "true"], { message: "only encrypted uploads are supported (encrypted=1)" }).default("1"),
});

export const uploadResponse = z
  .object({
    success: z.literal(true),
    storageRef: z.string(),
    wrappedKey: z.string().meta({ description: "The file's own key, wrapped with the hub's server-only key (informational)" }),
    kind: z.enum(MEDIA_KINDS),
    contentType: z.string(),
    size: z.number().int(),
    fileName: z.string(),
    encrypted: z.literal(true),
    preview: z.string().nullable().meta({ description: "storageRef of the public WebP preview (images)" }),
  })
  .meta({ id: "UploadResponse" });
