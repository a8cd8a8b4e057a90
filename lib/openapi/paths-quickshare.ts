import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { operation, type OperationDoc } from "@/lib/http/operation";
import {
  accessControlBody, accessControlResponse, accessGrant, createShareBody, createShareResponse, dashboardQuery, dashboardResponse,
  entitlementParams, entitlementResponse, gatewayBalanceBody, gatewayBalanceResponse, manifestResponse, mediaParams, mediaQuery,
  metaResponse, mineResponse, reslugResponse, revokeResponse, slugParams, statsResponse, unlockBody, uploadQuery,
  uploadResponse, viewResponse, walletQuery,
} from "@/lib/schemas/quickshare";
import { resourceQuote } from "@/lib/schemas/quote";
import { errors, json, pathsOf, siwxHeader } from "./helpers";

const tags = ["quickshare"];
const proofHeader = z.object({
  "x-svc-payment-proof": z.string().optional().meta({ description: "Unlock proof `<wallet>.<iat>.<exp>.<mac>` (or legacy `<wallet>.<mac>`) from an earlier 200" }),
});
const session = [{ session: [] }];

const ACCESS_RULES = [
  "Access rules, all checked server-side from one decision: 410 when revoked; 419 when past expiresAt (no new unlocks; an active entitlement proven by proof or session still reads);",
  "404 when unknown or a draft; a bare wallet (query wallet, body walletAddress) is a claim that may change the price tier but never grants;",
  "possession is a live unlock proof bound to the wallet or a session of that wallet; publicAccess true: whitelisted wallets pay whitelistPrice, others price (a whitelistPrice of 0 needs possession);",
  "publicAccess false (invite-only): non-listed wallets get 403 before any charge; paid shares need a payment unless the possessed wallet holds an active entitlement;",
  "a banned wallet gets 403; a revoked one may buy again. With payment credentials the payer is decided on before settlement: a banned, non-invited or already-entitled payer is never charged,",
  "and a payer other than the proven or claimed wallet gets 403 payer-mismatch. Decrypted bodies carry Cache-Control: private, no-store. Legacy shares stored before encryption redirect (302) to their stored URL.",
].join(" ");

const challenge402 = {
  description: "Payment required: the PAYMENT-REQUIRED header carries the x402 challenge (x402Version 2; accepts[0] the plain EIP-3009 USDC option, accepts[1] the GatewayWalletBatched option)",
  headers: z.object({ "PAYMENT-REQUIRED": z.string().meta({ description: "base64 JSON x402 challenge" }) }),
  content: { "application/json": { schema: z.looseObject({ error: z.string(), details: z.string() }) } },
};

/** The access route's text, shared by its mirrors (GET /qs/{slug}, POST …/unlock). */
const readDoc = (summary: string, description = ACCESS_RULES): OperationDoc => ({
  tags,
  summary,
  description,
  security: [{}, { Payment: [] }, { session: [] }],
  headers: proofHeader.extend(siwxHeader.shape),
  answer: "Granted: the decrypted body, media metadata and (for a wallet holding an entitlement) an unlock proof",
  answerHeaders: z.object({ "PAYMENT-RESPONSE": z.string().optional() }),
  responses: {
    "302": { description: "A legacy share stored before encryption: Location is its stored URL" },
    "402": challenge402,
    ...errors(400, 403, 404, 410, 419),
    "500": json(z.object({ error: z.string(), details: z.string() }), "The stored body is missing or failed its integrity check (no plaintext is served)"),
  },
});

export const createShareOp = operation({
  method: "post",
  path: "/quickshare",
  body: createShareBody,
  response: createShareResponse,
  status: 201,
  doc: {
    tags,
    summary: "Create an encrypted, expiring share (session)",
    description:
      "The body is encrypted under its own random 256-bit key (wrapped with the hub's server-only key) and committed to with contentHash = keccak256(\"svc-quickshare-content:v1|<owner>|<storageRef>|<plaintext>\"). content is at most 512 KB of UTF-8 (413 beyond). Every share expires: expiresInHours (fractions allowed) or expiresAt, at most 168 hours, default 168. Prices are USDC decimal strings, \"0\" for free.",
    security: session,
    answer: "Created",
    responses: { ...errors(400, 401, 403, 409), "413": json(z.object({ error: z.string(), details: z.string() }), "content is larger than 512 KB") },
  },
});

export const revokeShareOp = operation({
  method: "delete",
  path: "/quickshare/{slug}",
  params: slugParams,
  response: revokeResponse,
  doc: {
    tags,
    summary: "Revoke a share and delete its stored body and media (owner)",
    description: "Every read answers 410 afterwards; a second DELETE answers 410 too.",
    security: session,
    answer: "Revoked",
    responses: errors(401, 403, 404, 410),
  },
});

export const manifestOp = operation({
  method: "get",
  path: "/quickshare/{slug}/manifest",
  params: slugParams,
  response: manifestResponse,
  doc: {
    tags,
    summary: "The share's manifest (no authentication)",
    description: "404 for an unknown slug or a draft, 410 when revoked. An expired share still describes itself (status expired).",
    answer: "The manifest",
    responses: errors(404, 410),
  },
});

export const manifestSchemaOp = operation({
  method: "get",
  path: "/quickshare/manifest-schema",
  response: z.looseObject({ $schema: z.string() }),
  doc: {
    tags,
    summary: "JSON Schema (draft 2020-12) of the quickshare manifest: the manifest's `schema` URL",
    answer: "The schema",
  },
});

export const metaOp = operation({
  method: "get",
  path: "/quickshare/{slug}/meta",
  params: slugParams,
  response: metaResponse,
  doc: {
    tags,
    summary: "Public metadata: title, price, cover, status, counters — never the body",
    answer: "Metadata",
    responses: errors(404, 410),
  },
});

export const coverOp = operation({
  method: "get",
  path: "/quickshare/{slug}/cover",
  params: slugParams,
  doc: {
    tags,
    summary: "The public WebP preview (cover) of an image share — the only public plaintext",
    answer: "image/webp, Cache-Control: public, max-age=300",
    answerContent: { "image/webp": { schema: z.string().meta({ format: "binary" }) } },
    responses: errors(404, 410),
  },
});

export const accessOp = operation({
  method: "get",
  path: "/quickshare/{slug}/access",
  params: slugParams,
  query: walletQuery,
  response: accessGrant,
  doc: readDoc("The single read route: 200 grant, 402 challenge, 403 deny"),
});

/** Served by the share page's routing (app/qs/[slug]): no route file of its own answers JSON, so only the document uses it. */
export const qsOp = operation({
  method: "get",
  path: "/qs/{slug}",
  params: slugParams,
  query: walletQuery,
  response: accessGrant,
  doc: readDoc(
    "Short mirror of the access route; browsers (Accept: text/html) get the server-rendered share page",
    `${ACCESS_RULES} A request that accepts text/html (and sends no x-svc-actor: agent, payment or proof header) gets the server-rendered page instead: svc: meta tags, a Link header to the manifest, JSON-LD, data-svc-* attributes; 404, 410 and 419 get pages of their own.`,
  ),
});

export const quoteOp = operation({
  method: "get",
  path: "/quickshare/{slug}/quote",
  params: slugParams,
  query: walletQuery,
  response: resourceQuote,
  doc: {
    tags,
    summary: "Price and access decision for this request, without reading or charging",
    headers: proofHeader,
    answer: "The quote",
    responses: errors(403, 404, 410),
  },
});

export const unlockOp = operation({
  method: "post",
  path: "/quickshare/{slug}/unlock",
  params: slugParams,
  body: unlockBody,
  response: accessGrant,
  doc: readDoc("Unlock: pay over x402 (either rail), or for a free share send walletAddress (with a session or proof of that wallet) to bind an unlock proof to it"),
});

export const mediaOp = operation({
  method: "get",
  path: "/quickshare/{slug}/media/{kind}",
  params: mediaParams,
  query: mediaQuery,
  doc: {
    tags,
    summary: "One decrypted asset of the share",
    description:
      "Free public shares stream without proof; paid shares need an active entitlement (proof in x-svc-payment-proof or query proof, or a session of the entitled wallet), else 403 (never 402); free invite-only shares need a possessed listed wallet. Cache-Control: private, max-age=300; documents and video carry Content-Disposition (attachment with download=1, otherwise inline). One byte range is honoured (206).",
    headers: proofHeader,
    answer: "The decrypted file",
    answerContent: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    responses: {
      "206": { description: "A byte range of the file" },
      "416": { description: "Range not satisfiable" },
      ...errors(403, 404, 410, 419),
    },
  },
});

export const viewOp = operation({
  method: "post",
  path: "/quickshare/{slug}/view",
  params: slugParams,
  response: viewResponse,
  doc: { tags, summary: "Count a view", answer: "Counted", responses: errors(404, 410, 419) },
});

export const quickshareSharePaths: ZodOpenApiPathsObject = pathsOf(
  createShareOp, revokeShareOp, manifestOp, manifestSchemaOp, metaOp, coverOp, accessOp, qsOp, quoteOp, unlockOp, mediaOp, viewOp,
);

export const mineOp = operation({
  method: "get",
  path: "/quickshare/mine",
  response: mineResponse,
  doc: { tags, summary: "The owner's shares with their activity", security: session, answer: "Shares, newest first", responses: errors(401) },
});

export const dashboardOp = operation({
  method: "get",
  path: "/quickshare/dashboard",
  query: dashboardQuery,
  response: dashboardResponse,
  doc: {
    tags,
    summary: "Owner analytics: lifetime summary, range totals and daily series, per-share breakdown, recent activity",
    security: session,
    answer: "The dashboard",
    responses: errors(400, 401),
  },
});

export const shareStatsOp = operation({
  method: "get",
  path: "/quickshare/stats",
  response: statsResponse,
  doc: {
    tags,
    summary: "Public aggregates: lifetime, 24 h and 7 d totals, activity with truncated wallets (no titles, slugs or full wallets)",
    answer: "Stats",
  },
});

export const reslugOp = operation({
  method: "post",
  path: "/quickshare/{slug}/reslug",
  params: slugParams,
  response: reslugResponse,
  doc: {
    tags,
    summary: "Rotate the slug (owner); the old link answers 404, entitlements and proofs keep working",
    security: session,
    answer: "The new slug",
    responses: errors(401, 403, 404, 409, 410),
  },
});

export const revokeEntitlementOp = operation({
  method: "post",
  path: "/quickshare/{slug}/entitlements/{wallet}/revoke",
  params: entitlementParams,
  response: entitlementResponse,
  doc: {
    tags,
    summary: "Revoke a wallet's access (owner): content stops being served to it; it may buy again",
    security: session,
    answer: "Revoked",
    responses: errors(401, 403, 404, 409, 410),
  },
});

export const banEntitlementOp = operation({
  method: "post",
  path: "/quickshare/{slug}/entitlements/{wallet}/ban",
  params: entitlementParams,
  response: entitlementResponse,
  doc: {
    tags,
    summary: "Ban a wallet (owner): hard deny, no re-purchase; a wallet can be banned before it ever bought",
    security: session,
    answer: "Banned",
    responses: errors(401, 403, 404, 410),
  },
});

export const restoreEntitlementOp = operation({
  method: "delete",
  path: "/quickshare/{slug}/entitlements/{wallet}",
  params: entitlementParams,
  response: entitlementResponse,
  doc: {
    tags,
    summary: "Restore a revoked or banned wallet (owner)",
    description: "revoked or banned → active; a ban made before any purchase is lifted (status none) rather than turned into free access.",
    security: session,
    answer: "Restored",
    responses: errors(401, 403, 404, 410),
  },
});

export const getAccessControlOp = operation({
  method: "get",
  path: "/quickshare/{slug}/access-control",
  params: slugParams,
  response: accessControlResponse,
  doc: {
    tags,
    summary: "Read price, whitelistPrice, whitelist, publicAccess and entitlements (owner)",
    security: session,
    answer: "Access control",
    responses: errors(401, 403, 404),
  },
});

export const putAccessControlOp = operation({
  method: "put",
  path: "/quickshare/{slug}/access-control",
  params: slugParams,
  body: accessControlBody,
  response: accessControlResponse,
  doc: {
    tags,
    summary: "Edit price, whitelistPrice, whitelist (replaced whole), publicAccess, or publish a draft (owner)",
    security: session,
    answer: "Updated",
    responses: errors(400, 401, 403, 404, 409, 410),
  },
});

export const gatewayBalanceOp = operation({
  method: "post",
  path: "/quickshare/gateway/balance",
  body: gatewayBalanceBody,
  response: gatewayBalanceResponse,
  doc: {
    tags,
    summary: "A depositor's USDC in the Gateway Wallet, read on chain",
    answer: "Balances",
    responses: errors(400, 503),
  },
});

export const uploadOp = operation({
  method: "post",
  path: "/uploads/content",
  query: uploadQuery,
  response: uploadResponse,
  status: 201,
  doc: {
    tags,
    summary: "Encrypted media upload (session): multipart field file (≤ 30 MB) and optional kind",
    description:
      "kind is photo, music, video or document (inferred from the file type when absent). Images are converted to WebP before encryption and get a small blurred public WebP preview, which becomes the cover of a share that attaches them. Every file is encrypted under its own key. Pass the returned storageRef in POST /quickshare `media`; svc-embed://N in the body refers to the N-th of them.",
    security: session,
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.string().meta({ format: "binary" }), kind: z.enum(["photo", "music", "video", "document"]).optional() }),
        },
      },
    },
    answer: "Stored encrypted",
    responses: { ...errors(400, 401, 403), "413": json(z.object({ error: z.string(), details: z.string() }), "The file is larger than 30 MB") },
  },
});

export const quickshareOwnerPaths: ZodOpenApiPathsObject = pathsOf(
  mineOp, dashboardOp, shareStatsOp, reslugOp, revokeEntitlementOp, banEntitlementOp, restoreEntitlementOp, getAccessControlOp, putAccessControlOp,
  gatewayBalanceOp, uploadOp,
);
