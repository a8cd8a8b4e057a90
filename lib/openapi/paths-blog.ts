import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { nonceQuery, nonceResponse, verifyBody } from "@/lib/schemas/auth";
import {
  accessQuery, adminPostResponse, adminPostsResponse, blogMediaParams, blogMediaQuery, createBlogBody, createPostBody, deletedPostResponse, hostedBlog, manifestQuery,
  postAccessControl, postAccessControlBody, postAccessGrant, postEntitlementResponse, postKeyParams, adminPostQuery, postManifest, postQuote, postTeaser,
  postWalletParams, shortAccessParams, siteManifest, updatePostBody, walletOptionalQuery,
} from "@/lib/schemas/blog";
import { gatewayBalanceResponse, uploadResponse } from "@/lib/schemas/quickshare";
import { errors, json, jsonBody, siwxHeader } from "./helpers";

const tags = ["hosted blogs"];
const ORIGIN = "Served on the hosted blog's own origin (its domain, <name>.localhost in development, or a BLOG_HOST_MAP entry), not on the hub's.";
const blogSession = [{ blogSession: [] }];
const ADMIN = `${ORIGIN} Admin only: the sb_auth_session cookie of the blog's owner or an admin wallet (401 without a session, 403 without the role).`;
const proofHeader = z.object({ "x-svc-payment-proof": z.string().optional().meta({ description: "Unlock proof from an earlier 200" }) });
const ACCESS = `${ORIGIN} The same access decision as quickshare: drafts and unknown paths 404; invite-only posts answer 403 to a wallet not on the whitelist before any payment; banned wallets 403; paid posts 402 with the x402 challenge (accepts[0] plain EIP-3009 USDC, accepts[1] GatewayWalletBatched), or the transfer rail (x-svc-transfer-tx + x-svc-tx-owner). The 200 carries the decrypted body, the media metadata, the document rendered in full and an unlockProof for re-reads (x-svc-payment-proof).`;
const challenge402 = {
  description: "Payment required: the PAYMENT-REQUIRED header carries the x402 challenge",
  headers: z.object({ "PAYMENT-REQUIRED": z.string().meta({ description: "base64 JSON x402 challenge" }) }),
  content: { "application/json": { schema: z.looseObject({ error: z.string(), details: z.string() }) } },
};
const accessOp = (summary: string, path: z.ZodObject | undefined, query: z.ZodObject): ZodOpenApiOperationObject => ({
  tags,
  summary,
  description: ACCESS,
  security: [{}, { Payment: [] }, { blogSession: [] }],
  requestParams: { ...(path && { path }), query, header: proofHeader.extend(siwxHeader.shape) },
  responses: { "200": { ...json(postAccessGrant, "Granted"), headers: z.object({ "PAYMENT-RESPONSE": z.string().optional() }) }, "402": challenge402, ...errors(400, 403, 404, 409, 503) },
});
const admin = (summary: string, op: Partial<ZodOpenApiOperationObject>): ZodOpenApiOperationObject => ({
  tags,
  summary,
  description: ADMIN,
  security: blogSession,
  responses: {},
  ...op,
});
const entitlementOp = (summary: string): ZodOpenApiOperationObject =>
  admin(summary, { requestParams: { path: postWalletParams }, responses: { "200": json(postEntitlementResponse, "The wallet's entitlement state"), ...errors(401, 403, 404, 409) } });

export const blogPaths: ZodOpenApiPathsObject = {
  "/hub/blogs": {
    post: {
      tags,
      summary: "Open a hosted blog",
      description: "The session wallet opens a hosted blog at <name>.<BLOG_ROOT_DOMAIN> (default <name>.localhost, which browsers resolve to this machine) or at a custom domain pointed at this service. The blog is verified from the start, listed by GET /hub/sitemap-sites, and the wallet holds its admin role.",
      security: [{ session: [] }],
      requestBody: jsonBody(createBlogBody),
      responses: { "201": json(hostedBlog, "The blog"), ...errors(400, 401, 403, 409) },
    },
  },
  "/": { get: { tags, summary: "A hosted blog's index page (blog origin)", description: `${ORIGIN} Server-rendered list of published posts with svc: meta tags, JSON-LD and a link to /svc.json.`, responses: { "200": { description: "HTML page" }, ...errors(404) } } },
  "/{type}/{slug}": {
    get: {
      tags,
      summary: "A hosted blog's post page (blog origin)",
      description: `${ORIGIN} Server-rendered: free posts show the body; paid posts the teaser, the document preview and the pay action. svc: meta tags, JSON-LD, a manifest link element and Link header. Drafts 404.`,
      requestParams: { path: z.object({ type: z.string(), slug: z.string() }) },
      responses: { "200": { description: "HTML page" }, "403": { description: "HTML page: denied" }, "404": { description: "HTML page: no published post" } },
    },
  },
  "/svc.json": { get: { tags, summary: "Site manifest (blog origin)", description: `${ORIGIN} One item per published post.`, responses: { "200": json(siteManifest, "The site manifest"), ...errors(404) } } },
  "/api/auth/nonce": { get: { tags, summary: "Sign-in nonce for a hosted blog", description: `${ORIGIN} The EIP-4361 terms name the blog's origin. (On the hub's origin this path is the legacy form of GET /auth/nonce.)`, requestParams: { query: nonceQuery }, responses: { "200": json(nonceResponse, "Nonce and terms"), ...errors(400, 404) } } },
  "/api/auth/verify": {
    post: {
      tags,
      summary: "Sign in to a hosted blog",
      description: `${ORIGIN} Sets the HttpOnly cookie sb_auth_session (30 days), valid on this blog only. (On the hub's origin this path is the legacy form of POST /auth/verify.)`,
      requestBody: jsonBody(verifyBody),
      responses: { "200": json(z.object({ success: z.literal(true), wallet: z.string(), expiresAt: z.string(), role: z.enum(["admin", "reader"]) }), "Signed in"), ...errors(400, 401, 404) },
    },
  },
  "/api/auth/me": { get: { tags, summary: "The hosted blog's session", description: ORIGIN, security: blogSession, responses: { "200": json(z.object({ success: z.literal(true), wallet: z.string(), expiresAt: z.string(), role: z.enum(["admin", "reader"]), site: z.object({ id: z.string(), domain: z.string() }) }), "Session"), ...errors(401, 404) } } },
  "/api/auth/logout": { post: { tags, summary: "Sign out of a hosted blog", description: ORIGIN, responses: { "200": json(z.object({ success: z.literal(true) }), "Signed out"), ...errors(404) } } },
  "/api/svc/access": { get: accessOp("Read a post (x402)", undefined, accessQuery) },
  "/api/{type}/{slug}": { get: accessOp("Read a post: short mirror of /api/svc/access", shortAccessParams, walletOptionalQuery) },
  "/api/svc/manifest": { get: { tags, summary: "Per-post manifest", description: ORIGIN, requestParams: { query: manifestQuery }, responses: { "200": json(postManifest, "The manifest"), ...errors(400, 404) } } },
  "/api/svc/media/{postId}/{kind}": {
    get: {
      tags,
      summary: "One decrypted media file of a post",
      description: `${ORIGIN} kind photo (query index=N), video, audio (music), document. Free public posts stream without proof; paid posts need x-svc-payment-proof (or query proof) of an active entitlement, or the paying wallet's blog session. Media never charges.`,
      requestParams: { path: blogMediaParams, query: blogMediaQuery, header: proofHeader },
      responses: { "200": { description: "The file" }, "206": { description: "A byte range" }, ...errors(400, 403, 404) },
    },
  },
  "/api/svc/posts/{key}/quote": { get: { tags, summary: "Price and access decision for this viewer", description: ORIGIN, requestParams: { path: postKeyParams, query: walletOptionalQuery, header: proofHeader }, responses: { "200": json(postQuote, "Quote"), ...errors(400, 404) } } },
  "/api/svc/posts/{key}/access-control": {
    get: admin("A post's whitelist, entitlements, tier and publicAccess", { requestParams: { path: postKeyParams }, responses: { "200": json(postAccessControl, "Access control"), ...errors(401, 403, 404) } }),
    put: admin("Change a post's whitelist, tier and publicAccess", { requestParams: { path: postKeyParams }, requestBody: jsonBody(postAccessControlBody), responses: { "200": json(postAccessControl, "Access control"), ...errors(400, 401, 403, 404) } }),
  },
  "/api/svc/posts/{key}/entitlements/{wallet}/ban": { post: entitlementOp("Ban a wallet from a post (hard deny, no re-purchase)") },
  "/api/svc/posts/{key}/entitlements/{wallet}/revoke": { post: entitlementOp("Revoke a wallet's access to a post (it may buy again)") },
  "/api/svc/posts/{key}/entitlements/{wallet}": { delete: entitlementOp("Restore a revoked or banned wallet") },
  "/api/svc/gateway/balances": { get: admin("A depositor's Gateway Wallet balance", { requestParams: { query: walletOptionalQuery }, responses: { "200": json(gatewayBalanceResponse, "Balances (default: the admin's own wallet)"), ...errors(400, 401, 403, 503) } }) },
  "/api/blog/posts/{slug}": {
    get: {
      tags,
      summary: "A post's teaser (or a free post's body)",
      description: `${ORIGIN} Free public post: the decrypted body, media and full document. Any other post: isLocked true with body, media, contentKey and bodyStorageRef null, and only the document preview (12 rows of a sheet, 1,600 characters of text). Drafts 404.`,
      requestParams: { path: z.object({ slug: z.string() }) },
      responses: { "200": json(postTeaser, "Teaser"), ...errors(404) },
    },
  },
  "/api/upload": {
    post: admin("Upload one media file (encrypted)", {
      description: `${ADMIN} multipart/form-data with field file (at most 30 MB) and optional kind; every file is encrypted at rest under its own key; list its storageRef in a post's media.`,
      requestBody: { required: true, content: { "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }), kind: z.enum(["photo", "music", "video", "document"]).optional() }) } } },
      responses: { "201": json(uploadResponse, "Stored"), ...errors(400, 401, 403, 413) },
    }),
  },
  "/api/admin/posts": {
    get: admin("Every post of the blog, drafts included", { responses: { "200": json(adminPostsResponse, "Posts"), ...errors(401, 403) } }),
    post: admin("Create a post", { requestBody: jsonBody(createPostBody), responses: { "201": json(adminPostResponse, "Created"), ...errors(400, 401, 403, 409, 413) } }),
  },
  "/api/admin/posts/{key}": {
    get: admin("One post, any status", { requestParams: { path: postKeyParams, query: adminPostQuery }, responses: { "200": json(adminPostResponse, "Post"), ...errors(401, 403, 404) } }),
    put: admin("Edit a post", { requestParams: { path: postKeyParams }, requestBody: jsonBody(updatePostBody), responses: { "200": json(adminPostResponse, "Updated"), ...errors(400, 401, 403, 404, 409, 413) } }),
    delete: admin("Delete a draft or published post for good", {
      description: "The post, its whitelist, media rows and entitlements are removed in one transaction; every read of it answers 404 from then on; its encrypted body, media and previews are deleted from the blob store. Payments, receipts and ledger rows stay.",
      requestParams: { path: postKeyParams },
      responses: { "200": json(deletedPostResponse, "Deleted"), ...errors(401, 403, 404) },
    }),
  },
  "/api/admin/posts/{key}/publish": { post: admin("Publish a post", { requestParams: { path: postKeyParams }, responses: { "200": json(adminPostResponse, "Published"), ...errors(401, 403, 404) } }) },
  "/api/admin/posts/{key}/unpublish": { post: admin("Unpublish a post (reads answer 404 again)", { requestParams: { path: postKeyParams }, responses: { "200": json(adminPostResponse, "Back to draft"), ...errors(401, 403, 404) } }) },
};
