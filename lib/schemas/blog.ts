import { z } from "zod";
import { audiencePolicySchema, audiencePolicyViewSchema } from "@/lib/access/audience-policy";
import { walletAddress } from "./auth";
import { accessEntitlements, CONTENT_TYPES, mediaMetadata, paymentSummary, QS_BODY_MAX_BYTES, sharePrice } from "./quickshare";
import { downloadParam } from "./media";

export const POST_TYPES = CONTENT_TYPES;
const postSlug = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, "letters, digits, _ and -, at most 128").meta({ example: "tide-tables" });
const storageRefs = z.array(z.string().regex(/^media\/[0-9a-f]{32}$/, "must be a storageRef returned by POST /api/upload")).max(20);

// ───────── hub: create a hosted blog ─────────

export const createBlogBody = z
  .strictObject({
    name: z.string().trim().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, "lowercase letters, digits and -").meta({ description: "The blog's name; its domain is <name>.<BLOG_ROOT_DOMAIN> unless domain is given", example: "alice" }),
    domain: z.string().trim().max(253).optional().meta({ description: "A custom domain pointed at this service (DNS is the operator's business)", example: "alice.localhost" }),
    title: z.string().trim().max(120).optional().meta({ description: "Display name (default: the name)" }),
    description: z.string().trim().max(500).optional(),
  })
  .meta({ id: "CreateHostedBlogRequest", example: { name: "alice" } });

export const hostedBlog = z
  .object({ success: z.literal(true), siteId: z.string(), domain: z.string(), name: z.string(), ownerWallet: walletAddress, origin: z.string().meta({ description: "Where the blog answers in development (<name>.localhost on the hub's port) or its domain" }) })
  .meta({ id: "HostedBlog" });

// ───────── admin: posts ─────────

const postFields = {
  slug: postSlug.optional().meta({ description: "Default: derived from the title" }),
  type: z.enum(POST_TYPES).default("article"),
  title: z.string().trim().min(1).max(200),
  summary: z.string().max(1000).optional().meta({ description: "Public teaser" }),
  body: z.string().optional().meta({ description: "The body (encrypted at rest like a quickshare body; at most 512 KB of UTF-8, more answers 413); svc-embed://N refers to the N-th media file" }),
  price: sharePrice.default("0").meta({ description: "USDC decimal string; \"0\" for a free post" }),
  whitelistPrice: sharePrice.nullable().optional().meta({ description: "Price for whitelisted wallets (null: the price); \"0\" lets them read free after proving possession" }),
  tier: z.string().trim().min(1).max(40).default("public").meta({ description: "Access tier label shown to readers (e.g. public, supporters)" }),
  publicAccess: z.boolean().default(true).meta({ description: "false: invite-only; wallets not on the whitelist get 403 before any payment" }),
  accessPolicy: audiencePolicySchema.nullable().optional().meta({ description: "Prices per audience (humans, agents): \"free\" | \"paid\" | \"blocked\", or { humans, agents } with { mode, price } each; null: everyone pays the price" }),
  whitelist: z.array(walletAddress).max(1000).default([]),
  tags: z.array(z.string().trim().min(1).max(60)).max(24).default([]),
  coverUrl: z.url().max(2048).nullable().optional().meta({ description: "The only public image" }),
  externalVideoUrl: z.url().max(2048).nullable().optional().meta({ description: "A video hosted elsewhere: only its URL is stored" }),
  media: storageRefs.default([]).meta({ description: "storageRefs of your uploads (POST /api/upload), attached in order" }),
  status: z.enum(["draft", "published"]).default("draft"),
};

export const createPostBody = z.strictObject(postFields).meta({
  id: "BlogPostCreate",
  example: { type: "article", title: "Tide tables", body: "High water at 06:12.", price: "0.25", status: "published" },
});

export const updatePostBody = z
  .strictObject({
    slug: postFields.slug,
    type: z.enum(POST_TYPES).optional(),
    title: z.string().trim().min(1).max(200).optional(),
    summary: z.string().max(1000).optional(),
    body: postFields.body,
    price: sharePrice.optional(),
    whitelistPrice: postFields.whitelistPrice,
    tier: z.string().trim().min(1).max(40).optional(),
    publicAccess: z.boolean().optional(),
    accessPolicy: postFields.accessPolicy,
    whitelist: z.array(walletAddress).max(1000).optional().meta({ description: "Replaces the whitelist" }),
    tags: z.array(z.string().trim().min(1).max(60)).max(24).optional(),
    coverUrl: postFields.coverUrl,
    externalVideoUrl: postFields.externalVideoUrl,
    media: storageRefs.optional().meta({ description: "Further uploads to attach after the existing media" }),
    status: z.enum(["draft", "published"]).optional(),
  })
  .meta({ id: "BlogPostUpdate", example: { price: "0.5" } });

export const adminPost = z
  .object({
    id: z.string(),
    slug: z.string(),
    type: z.enum(POST_TYPES),
    path: z.string(),
    title: z.string(),
    summary: z.string(),
    status: z.enum(["draft", "published"]),
    price: z.string(),
    whitelistPrice: z.string().nullable(),
    currency: z.string(),
    tier: z.string(),
    publicAccess: z.boolean(),
    accessPolicy: audiencePolicyViewSchema,
    whitelistCount: z.number().int(),
    mediaCount: z.number().int(),
    tags: z.array(z.string()),
    coverUrl: z.string().nullable(),
    externalVideoUrl: z.string().nullable(),
    encrypted: z.boolean().meta({ description: "The body is stored encrypted" }),
    contentHash: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    publishedAt: z.iso.datetime().nullable(),
    url: z.string(),
    views: z.number().int().meta({ description: "Post page views by readers (the blog's admins are not counted)" }),
    unlocks: z.number().int().meta({ description: "Payments for the post (every rail; failed ones excluded)" }),
    revenue: z.number().meta({ description: "Gross USDC of those payments" }),
    body: z.string().optional().meta({ description: "The decrypted body, only with ?include=body (the editor)" }),
  })
  .meta({ id: "BlogAdminPost" });

export const adminPostResponse = z.object({ success: z.literal(true), post: adminPost }).meta({ id: "BlogAdminPostResponse" });
export const deletedPostResponse = z
  .object({ success: z.literal(true), id: z.string(), path: z.string().meta({ example: "/article/tide-pool" }), deleted: z.literal(true) })
  .meta({ id: "BlogDeletedPost" });
export const adminPostsResponse = z.object({ success: z.literal(true), posts: z.array(adminPost) }).meta({ id: "BlogAdminPosts" });

export const adminPostQuery = z.object({ include: z.enum(["body"]).optional().meta({ description: "body: also return the decrypted body (to edit it)" }) });
export const postKeyParams = z.object({ key: z.string().min(1).max(200).meta({ description: "The post id or slug" }) });
export const postWalletParams = z.object({ key: postKeyParams.shape.key, wallet: walletAddress });

// ───────── access control, entitlements, quote ─────────

export const postAccessControlBody = z
  .strictObject({
    whitelist: z.array(walletAddress).max(1000).optional().meta({ description: "Replaces the whitelist" }),
    tier: z.string().trim().min(1).max(40).optional(),
    publicAccess: z.boolean().optional(),
    whitelistPrice: sharePrice.nullable().optional().meta({ description: "Price for whitelisted wallets (null: the price)" }),
  })
  .meta({ id: "BlogAccessControlUpdate", example: { publicAccess: false, whitelist: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"] } });

export const postAccessControl = z
  .object({
    success: z.literal(true),
    id: z.string(),
    path: z.string(),
    whitelist: z.array(walletAddress),
    entitlements: accessEntitlements.meta({ description: "Every wallet holding (or refused) an entitlement, newest change first (at most 1000), as for a share" }),
    tier: z.string(),
    publicAccess: z.boolean(),
    price: z.string(),
    whitelistPrice: z.string().nullable(),
  })
  .meta({ id: "BlogAccessControl" });

export const postEntitlementResponse = z
  .object({ success: z.literal(true), wallet: walletAddress, status: z.enum(["active", "revoked", "banned", "none"]) })
  .meta({ id: "BlogEntitlementChange" });

export const walletOptionalQuery = z.object({ wallet: walletAddress.optional().meta({ description: "A claim only: names the wallet, never grants" }) });
export const accessQuery = z.object({
  path: z.string().min(1).max(300).meta({ description: "/<type>/<slug> (or the post's full URL)", example: "/article/tide-tables" }),
  wallet: walletAddress.optional().meta({ description: "A claim only" }),
});
export const shortAccessParams = z.object({ type: z.enum(POST_TYPES), slug: postSlug });
export const manifestQuery = z.object({ path: accessQuery.shape.path });

export const blogMediaParams = z.object({ postId: z.string().min(1).max(100), kind: z.enum(["photo", "video", "audio", "music", "document"]) });
export const blogMediaQuery = z.object({
  index: z.coerce.number().int().min(0).max(100).default(0),
  proof: z.string().max(300).optional().meta({ description: "The unlock proof (alternative to x-svc-payment-proof)" }),
  wallet: walletAddress.optional(),
  download: downloadParam,
});

// ───────── reader responses ─────────

const documentRender = z
  .object({
    kind: z.enum(["sheet", "text", "binary"]),
    rows: z.array(z.array(z.string())).optional(),
    text: z.string().optional(),
    totalRows: z.number().int().optional(),
    totalChars: z.number().int().optional(),
    truncated: z.boolean().meta({ description: "true when this is the preview of a longer document (12 sheet rows, 1,600 text characters)" }),
  })
  .meta({ id: "BlogDocumentRender" });

export const postDocument = z
  .object({ name: z.string(), contentType: z.string(), size: z.number().int(), url: z.string(), render: documentRender })
  .meta({ id: "BlogPostDocument" });

export const postAccessGrant = z
  .object({
    ok: z.literal(true),
    resource: z.object({ id: z.string(), slug: z.string(), type: z.string(), path: z.string(), title: z.string(), summary: z.string(), price: z.string(), currency: z.string(), tier: z.string(), url: z.string() }),
    content: z.string().meta({ description: "The decrypted body" }),
    contentHash: z.string().nullable(),
    media: mediaMetadata.extend({ coverUrl: z.string().nullable(), externalVideoUrl: z.string().nullable() }),
    document: postDocument.nullable().meta({ description: "The document rendered in full" }),
    access: z.object({ via: z.enum(["free", "entitlement", "whitelist-free", "payment"]), wallet: z.string().nullable() }),
    entitlement: z.object({ wallet: z.string(), status: z.literal("active"), source: z.string() }).nullable(),
    unlockProof: z.string().nullable().meta({ description: "Send as x-svc-payment-proof (media: also query proof) to re-read without paying; valid 12 hours" }),
    payment: paymentSummary.nullable(),
  })
  .meta({ id: "BlogPostAccessGrant" });

export const postTeaser = z
  .object({
    success: z.literal(true),
    post: z.object({
      id: z.string(),
      slug: z.string(),
      type: z.string(),
      path: z.string(),
      title: z.string(),
      summary: z.string(),
      price: z.string(),
      currency: z.string(),
      tier: z.string(),
      publicAccess: z.boolean(),
      tags: z.array(z.string()),
      coverUrl: z.string().nullable(),
      publishedAt: z.iso.datetime().nullable(),
      isLocked: z.boolean(),
      body: z.string().nullable().meta({ description: "Free posts: the decrypted body. Locked posts: null" }),
      media: mediaMetadata.extend({ coverUrl: z.string().nullable(), externalVideoUrl: z.string().nullable() }).nullable(),
      contentKey: z.null().meta({ description: "Always null: keys never leave the server" }),
      bodyStorageRef: z.null().meta({ description: "Always null: storage references never leave the server" }),
      document: postDocument.nullable().meta({ description: "Free: the full render. Locked: the preview (12 rows of a sheet, 1,600 characters of text)" }),
      urls: z.object({ page: z.string(), access: z.string(), manifest: z.string(), quote: z.string() }),
    }),
  })
  .meta({ id: "BlogPostTeaser" });

export const postManifest = z
  .object({
    schema: z.string(),
    kind: z.literal("subblog"),
    site: z.object({ name: z.string(), domain: z.string(), origin: z.string() }),
    id: z.string(),
    title: z.string(),
    type: z.string(),
    price: z.string(),
    currency: z.string(),
    urls: z.object({ page: z.string(), access: z.string(), manifest: z.string() }),
    payment: z.object({ scheme: z.literal("x402"), mode: z.literal("one_time") }),
  })
  .meta({ id: "BlogPostManifest" });

export const siteManifest = z
  .object({
    name: z.string(),
    domain: z.string(),
    origin: z.string(),
    content: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        summary: z.string(),
        type: z.string(),
        price: z.string(),
        currency: z.string(),
        path: z.string(),
        url: z.string(),
        tags: z.array(z.string()),
        access: z.object({ humans: z.string(), agents: z.string() }),
        unlock: z.object({ mode: z.literal("one_time") }),
      }),
    ),
  })
  .meta({ id: "BlogSiteManifest" });

export const blogStatus = z
  .object({
    site: z.object({ name: z.string(), origin: z.string(), domain: z.string(), siteId: z.string() }),
    hub: z.object({ name: z.string(), origin: z.string(), network: z.string(), chainId: z.number().int() }),
    widgetUrl: z.string(),
  })
  .meta({ id: "BlogStatus" });

export const BLOG_BODY_MAX_BYTES = QS_BODY_MAX_BYTES;
