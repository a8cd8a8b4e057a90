import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { operation, type OperationDoc } from "@/lib/http/operation";
import { nonceQuery, nonceResponse, verifyBody } from "@/lib/schemas/auth";
import {
  accessQuery, adminPostResponse, adminPostsResponse, blogMediaParams, blogMediaQuery, createBlogBody, createPostBody, deletedPostResponse, hostedBlog, manifestQuery,
  postAccessControl, postAccessControlBody, postAccessGrant, postEntitlementResponse, postKeyParams, adminPostQuery, postManifest, postTeaser,
  postWalletParams, shortAccessParams, siteManifest, updatePostBody, walletOptionalQuery,
} from "@/lib/schemas/blog";
import { gatewayBalanceResponse, uploadResponse } from "@/lib/schemas/quickshare";
import { resourceQuote } from "@/lib/schemas/quote";
import { errors, pathsOf, siwxHeader } from "./helpers";

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
const accessDoc = (summary: string): OperationDoc => ({
  tags,
  summary,
  description: ACCESS,
  security: [{}, { Payment: [] }, { blogSession: [] }],
  headers: proofHeader.extend(siwxHeader.shape),
  answer: "Granted",
  answerHeaders: z.object({ "PAYMENT-RESPONSE": z.string().optional() }),
  responses: { "402": challenge402, ...errors(400, 403, 404, 409, 503) },
});
/** An admin operation's text: the blog's session with the admin role. */
const adminDoc = (summary: string, answer: string, responses: ZodOpenApiResponsesObject, extra: Partial<OperationDoc> = {}): OperationDoc => ({
  tags,
  summary,
  description: ADMIN,
  security: blogSession,
  answer,
  responses,
  ...extra,
});
const entitlementOp = <M extends "post" | "delete">(method: M, path: string, summary: string) =>
  operation({
    method,
    path,
    params: postWalletParams,
    response: postEntitlementResponse,
    doc: adminDoc(summary, "The wallet's entitlement state", errors(401, 403, 404, 409)),
  });
const blogSessionAnswer = z.object({ success: z.literal(true), wallet: z.string(), expiresAt: z.string(), role: z.enum(["admin", "reader"]) });

export const createBlogOp = operation({
  method: "post",
  path: "/hub/blogs",
  body: createBlogBody,
  response: hostedBlog,
  status: 201,
  doc: {
    tags,
    summary: "Open a hosted blog",
    description: "The session wallet opens a hosted blog at <name>.<BLOG_ROOT_DOMAIN> (default <name>.localhost, which browsers resolve to this machine) or at a custom domain pointed at this service. The blog is verified from the start, listed by GET /hub/sitemap-sites, and the wallet holds its admin role.",
    security: [{ session: [] }],
    answer: "The blog",
    responses: errors(400, 401, 403, 409),
  },
});

export const svcJsonOp = operation({
  method: "get",
  path: "/svc.json",
  response: siteManifest,
  doc: { tags, summary: "Site manifest (blog origin)", description: `${ORIGIN} One item per published post.`, answer: "The site manifest", responses: errors(404) },
});

export const blogNonceOp = operation({
  method: "get",
  path: "/api/auth/nonce",
  query: nonceQuery,
  response: nonceResponse,
  doc: {
    tags,
    summary: "Sign-in nonce for a hosted blog",
    description: `${ORIGIN} The EIP-4361 terms name the blog's origin. (On the hub's origin this path is the legacy form of GET /auth/nonce.)`,
    answer: "Nonce and terms",
    responses: errors(400, 404),
  },
});

export const blogVerifyOp = operation({
  method: "post",
  path: "/api/auth/verify",
  body: verifyBody,
  response: blogSessionAnswer,
  doc: {
    tags,
    summary: "Sign in to a hosted blog",
    description: `${ORIGIN} Sets the HttpOnly cookie sb_auth_session (30 days), valid on this blog only. (On the hub's origin this path is the legacy form of POST /auth/verify.)`,
    answer: "Signed in",
    responses: errors(400, 401, 404),
  },
});

export const blogMeOp = operation({
  method: "get",
  path: "/api/auth/me",
  response: blogSessionAnswer.extend({ site: z.object({ id: z.string(), domain: z.string() }) }),
  doc: { tags, summary: "The hosted blog's session", description: ORIGIN, security: blogSession, answer: "Session", responses: errors(401, 404) },
});

export const blogLogoutOp = operation({
  method: "post",
  path: "/api/auth/logout",
  response: z.object({ success: z.literal(true) }),
  doc: { tags, summary: "Sign out of a hosted blog", description: ORIGIN, answer: "Signed out", responses: errors(404) },
});

export const postAccessOp = operation({
  method: "get",
  path: "/api/svc/access",
  query: accessQuery,
  response: postAccessGrant,
  doc: accessDoc("Read a post (x402)"),
});

export const shortPostAccessOp = operation({
  method: "get",
  path: "/api/{type}/{slug}",
  params: shortAccessParams,
  query: walletOptionalQuery,
  response: postAccessGrant,
  doc: accessDoc("Read a post: short mirror of /api/svc/access"),
});

export const postManifestOp = operation({
  method: "get",
  path: "/api/svc/manifest",
  query: manifestQuery,
  response: postManifest,
  doc: { tags, summary: "Per-post manifest", description: ORIGIN, answer: "The manifest", responses: errors(400, 404) },
});

export const blogMediaOp = operation({
  method: "get",
  path: "/api/svc/media/{postId}/{kind}",
  params: blogMediaParams,
  query: blogMediaQuery,
  doc: {
    tags,
    summary: "One decrypted media file of a post",
    description: `${ORIGIN} kind photo (query index=N), video, audio (music), document. Free public posts stream without proof; paid posts need x-svc-payment-proof (or query proof) of an active entitlement, or the paying wallet's blog session. Media never charges.`,
    headers: proofHeader,
    answer: "The file",
    responses: { "206": { description: "A byte range" }, ...errors(400, 403, 404) },
  },
});

export const postQuoteOp = operation({
  method: "get",
  path: "/api/svc/posts/{key}/quote",
  params: postKeyParams,
  query: walletOptionalQuery,
  response: resourceQuote,
  doc: { tags, summary: "Price and access decision for this viewer", description: ORIGIN, headers: proofHeader, answer: "Quote", responses: errors(400, 404) },
});

export const getPostAccessControlOp = operation({
  method: "get",
  path: "/api/svc/posts/{key}/access-control",
  params: postKeyParams,
  response: postAccessControl,
  doc: adminDoc("A post's whitelist, entitlements, tier and publicAccess", "Access control", errors(401, 403, 404)),
});

export const putPostAccessControlOp = operation({
  method: "put",
  path: "/api/svc/posts/{key}/access-control",
  params: postKeyParams,
  body: postAccessControlBody,
  response: postAccessControl,
  doc: adminDoc("Change a post's whitelist, tier and publicAccess", "Access control", errors(400, 401, 403, 404)),
});

export const banPostWalletOp = entitlementOp("post", "/api/svc/posts/{key}/entitlements/{wallet}/ban", "Ban a wallet from a post (hard deny, no re-purchase)");
export const revokePostWalletOp = entitlementOp("post", "/api/svc/posts/{key}/entitlements/{wallet}/revoke", "Revoke a wallet's access to a post (it may buy again)");
export const restorePostWalletOp = entitlementOp("delete", "/api/svc/posts/{key}/entitlements/{wallet}", "Restore a revoked or banned wallet");

export const blogGatewayBalancesOp = operation({
  method: "get",
  path: "/api/svc/gateway/balances",
  query: walletOptionalQuery,
  response: gatewayBalanceResponse,
  doc: adminDoc("A depositor's Gateway Wallet balance", "Balances (default: the admin's own wallet)", errors(400, 401, 403, 503)),
});

export const postTeaserOp = operation({
  method: "get",
  path: "/api/blog/posts/{slug}",
  params: z.object({ slug: z.string().min(1).max(128) }),
  response: postTeaser,
  doc: {
    tags,
    summary: "A post's teaser (or a free post's body)",
    description: `${ORIGIN} Free public post: the decrypted body, media and full document. Any other post: isLocked true with body, media, contentKey and bodyStorageRef null, and only the document preview (12 rows of a sheet, 1,600 characters of text). Drafts 404.`,
    answer: "Teaser",
    responses: errors(404),
  },
});

export const blogUploadOp = operation({
  method: "post",
  path: "/api/upload",
  response: uploadResponse,
  status: 201,
  doc: adminDoc("Upload one media file (encrypted)", "Stored", errors(400, 401, 403, 413), {
    description: `${ADMIN} multipart/form-data with field file (at most 30 MB) and optional kind; every file is encrypted at rest under its own key; list its storageRef in a post's media.`,
    requestBody: { required: true, content: { "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }), kind: z.enum(["photo", "music", "video", "document"]).optional() }) } } },
  }),
});

export const listAdminPostsOp = operation({
  method: "get",
  path: "/api/admin/posts",
  response: adminPostsResponse,
  doc: adminDoc("Every post of the blog, drafts included", "Posts", errors(401, 403)),
});

export const createPostOp = operation({
  method: "post",
  path: "/api/admin/posts",
  body: createPostBody,
  response: adminPostResponse,
  status: 201,
  doc: adminDoc("Create a post", "Created", errors(400, 401, 403, 409, 413)),
});

export const getAdminPostOp = operation({
  method: "get",
  path: "/api/admin/posts/{key}",
  params: postKeyParams,
  query: adminPostQuery,
  response: adminPostResponse,
  doc: adminDoc("One post, any status", "Post", errors(401, 403, 404)),
});

export const updatePostOp = operation({
  method: "put",
  path: "/api/admin/posts/{key}",
  params: postKeyParams,
  body: updatePostBody,
  response: adminPostResponse,
  doc: adminDoc("Edit a post", "Updated", errors(400, 401, 403, 404, 409, 413)),
});

export const deletePostOp = operation({
  method: "delete",
  path: "/api/admin/posts/{key}",
  params: postKeyParams,
  response: deletedPostResponse,
  doc: adminDoc("Delete a draft or published post for good", "Deleted", errors(401, 403, 404), {
    description:
      "The post, its whitelist, media rows and entitlements are removed in one transaction; every read of it answers 404 from then on; its encrypted body, media and previews are deleted from the blob store. Payments, receipts and ledger rows stay.",
  }),
});

export const publishPostOp = operation({
  method: "post",
  path: "/api/admin/posts/{key}/publish",
  params: postKeyParams,
  response: adminPostResponse,
  doc: adminDoc("Publish a post", "Published", errors(401, 403, 404)),
});

export const unpublishPostOp = operation({
  method: "post",
  path: "/api/admin/posts/{key}/unpublish",
  params: postKeyParams,
  response: adminPostResponse,
  doc: adminDoc("Unpublish a post (reads answer 404 again)", "Back to draft", errors(401, 403, 404)),
});

export const blogPaths: ZodOpenApiPathsObject = {
  ...pathsOf(
    createBlogOp, svcJsonOp, blogNonceOp, blogVerifyOp, blogMeOp, blogLogoutOp, postAccessOp, shortPostAccessOp, postManifestOp, blogMediaOp, postQuoteOp,
    getPostAccessControlOp, putPostAccessControlOp, banPostWalletOp, revokePostWalletOp, restorePostWalletOp, blogGatewayBalancesOp, postTeaserOp, blogUploadOp,
    listAdminPostsOp, createPostOp, getAdminPostOp, updatePostOp, deletePostOp, publishPostOp, unpublishPostOp,
  ),
  // Pages (app/sb/[host]/…), not API routes: described here, served by the blog's React pages.
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
};
