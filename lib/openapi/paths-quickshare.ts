import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import {
  accessControlBody, accessControlResponse, accessGrant, createShareBody, createShareResponse, dashboardQuery, dashboardResponse,
  entitlementParams, entitlementResponse, gatewayBalanceBody, gatewayBalanceResponse, manifestResponse, mediaParams, mediaQuery,
  metaResponse, mineResponse, quoteResponse, reslugResponse, revokeResponse, slugParams, statsResponse, unlockBody, uploadQuery,
  uploadResponse, viewResponse, walletQuery,
} from "@/lib/schemas/quickshare";
import { errors, json, jsonBody, siwxHeader } from "./helpers";

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

const readOperation = (summary: string, extra: Partial<ZodOpenApiOperationObject> = {}): ZodOpenApiOperationObject => ({
  tags,
  summary,
  description: ACCESS_RULES,
  security: [{}, { Payment: [] }, { session: [] }],
  requestParams: { path: slugParams, query: walletQuery, header: proofHeader.extend(siwxHeader.shape) },
  responses: {
    "200": { ...json(accessGrant, "Granted: the decrypted body, media metadata and (for a wallet holding an entitlement) an unlock proof"), headers: z.object({ "PAYMENT-RESPONSE": z.string().optional() }) },
    "302": { description: "A legacy share stored before encryption: Location is its stored URL" },
    "402": challenge402,
    ...errors(400, 403, 404, 410, 419),
    "500": json(z.object({ error: z.string(), details: z.string() }), "The stored body is missing or failed its integrity check (no plaintext is served)"),
  },
  ...extra,
});

export const quickshareSharePaths: ZodOpenApiPathsObject = {
  "/quickshare": {
    post: {
      tags,
      summary: "Create an encrypted, expiring share (session)",
      description:
        "The body is encrypted under its own random 256-bit key (wrapped with the hub's server-only key) and committed to with contentHash = keccak256(\"svc-quickshare-content:v1|<owner>|<storageRef>|<plaintext>\"). content is at most 512 KB of UTF-8 (413 beyond). Every share expires: expiresInHours (fractions allowed) or expiresAt, at most 168 hours, default 168. Prices are USDC decimal strings, \"0\" for free.",
      security: session,
      requestBody: jsonBody(createShareBody),
      responses: { "201": json(createShareResponse, "Created"), ...errors(400, 401, 403, 409), "413": json(z.object({ error: z.string(), details: z.string() }), "content is larger than 512 KB") },
    },
  },
  "/quickshare/{slug}": {
    delete: {
      tags,
      summary: "Revoke a share and delete its stored body and media (owner)",
      description: "Every read answers 410 afterwards; a second DELETE answers 410 too.",
      security: session,
      requestParams: { path: slugParams },
      responses: { "200": json(revokeResponse, "Revoked"), ...errors(401, 403, 404, 410) },
    },
  },
  "/quickshare/{slug}/manifest": {
    get: {
      tags,
      summary: "The share's manifest (no authentication)",
      description: "404 for an unknown slug or a draft, 410 when revoked. An expired share still describes itself (status expired).",
      requestParams: { path: slugParams },
      responses: { "200": json(manifestResponse, "The manifest"), ...errors(404, 410) },
    },
  },
  "/quickshare/manifest-schema": {
    get: {
      tags,
      summary: "JSON Schema (draft 2020-12) of the quickshare manifest: the manifest's `schema` URL",
      responses: { "200": json(z.looseObject({ $schema: z.string() }), "The schema") },
    },
  },
  "/quickshare/{slug}/meta": {
    get: {
      tags,
      summary: "Public metadata: title, price, cover, status, counters — never the body",
      requestParams: { path: slugParams },
      responses: { "200": json(metaResponse, "Metadata"), ...errors(404, 410) },
    },
  },
  "/quickshare/{slug}/cover": {
    get: {
      tags,
      summary: "The public WebP preview (cover) of an image share — the only public plaintext",
      requestParams: { path: slugParams },
      responses: { "200": { description: "image/webp, Cache-Control: public, max-age=300", content: { "image/webp": { schema: z.string().meta({ format: "binary" }) } } }, ...errors(404, 410) },
    },
  },
  "/quickshare/{slug}/access": { get: readOperation("The single read route: 200 grant, 402 challenge, 403 deny") },
  "/qs/{slug}": {
    get: readOperation("Short mirror of the access route; browsers (Accept: text/html) get the server-rendered share page", {
      description: `${ACCESS_RULES} A request that accepts text/html (and sends no x-svc-actor: agent, payment or proof header) gets the server-rendered page instead: svc: meta tags, a Link header to the manifest, JSON-LD, data-svc-* attributes; 404, 410 and 419 get pages of their own.`,
    }),
  },
  "/quickshare/{slug}/quote": {
    get: {
      tags,
      summary: "Price and access decision for this request, without reading or charging",
      requestParams: { path: slugParams, query: walletQuery, header: proofHeader },
      responses: { "200": json(quoteResponse, "The quote"), ...errors(403, 404, 410) },
    },
  },
  "/quickshare/{slug}/unlock": {
    post: readOperation("Unlock: pay over x402 (either rail), or for a free share send walletAddress (with a session or proof of that wallet) to bind an unlock proof to it", {
      requestParams: { path: slugParams, header: proofHeader.extend(siwxHeader.shape) },
      requestBody: jsonBody(unlockBody),
    }),
  },
  "/quickshare/{slug}/media/{kind}": {
    get: {
      tags,
      summary: "One decrypted asset of the share",
      description:
        "Free public shares stream without proof; paid shares need an active entitlement (proof in x-svc-payment-proof or query proof, or a session of the entitled wallet), else 403 (never 402); free invite-only shares need a possessed listed wallet. Cache-Control: private, max-age=300; documents and video carry Content-Disposition (attachment with download=1, otherwise inline). One byte range is honoured (206).",
      requestParams: { path: mediaParams, query: mediaQuery, header: proofHeader },
      responses: {
        "200": { description: "The decrypted file", content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } } },
        "206": { description: "A byte range of the file" },
        "416": { description: "Range not satisfiable" },
        ...errors(403, 404, 410, 419),
      },
    },
  },
  "/quickshare/{slug}/view": {
    post: {
      tags,
      summary: "Count a view",
      requestParams: { path: slugParams },
      responses: { "200": json(viewResponse, "Counted"), ...errors(404, 410, 419) },
    },
  },
};

export const quickshareOwnerPaths: ZodOpenApiPathsObject = {
  "/quickshare/mine": {
    get: { tags, summary: "The owner's shares with their activity", security: session, responses: { "200": json(mineResponse, "Shares, newest first"), ...errors(401) } },
  },
  "/quickshare/dashboard": {
    get: {
      tags,
      summary: "Owner analytics: lifetime summary, range totals and daily series, per-share breakdown, recent activity",
      security: session,
      requestParams: { query: dashboardQuery },
      responses: { "200": json(dashboardResponse, "The dashboard"), ...errors(400, 401) },
    },
  },
  "/quickshare/stats": {
    get: {
      tags,
      summary: "Public aggregates: lifetime, 24 h and 7 d totals, activity with truncated wallets (no titles, slugs or full wallets)",
      responses: { "200": json(statsResponse, "Stats") },
    },
  },
  "/quickshare/{slug}/reslug": {
    post: {
      tags,
      summary: "Rotate the slug (owner); the old link answers 404, entitlements and proofs keep working",
      security: session,
      requestParams: { path: slugParams },
      responses: { "200": json(reslugResponse, "The new slug"), ...errors(401, 403, 404, 409, 410) },
    },
  },
  "/quickshare/{slug}/entitlements/{wallet}/revoke": {
    post: {
      tags,
      summary: "Revoke a wallet's access (owner): content stops being served to it; it may buy again",
      security: session,
      requestParams: { path: entitlementParams },
      responses: { "200": json(entitlementResponse, "Revoked"), ...errors(401, 403, 404, 409, 410) },
    },
  },
  "/quickshare/{slug}/entitlements/{wallet}/ban": {
    post: {
      tags,
      summary: "Ban a wallet (owner): hard deny, no re-purchase; a wallet can be banned before it ever bought",
      security: session,
      requestParams: { path: entitlementParams },
      responses: { "200": json(entitlementResponse, "Banned"), ...errors(401, 403, 404, 410) },
    },
  },
  "/quickshare/{slug}/entitlements/{wallet}": {
    delete: {
      tags,
      summary: "Restore a revoked or banned wallet (owner)",
      description: "revoked or banned → active; a ban made before any purchase is lifted (status none) rather than turned into free access.",
      security: session,
      requestParams: { path: entitlementParams },
      responses: { "200": json(entitlementResponse, "Restored"), ...errors(401, 403, 404, 410) },
    },
  },
  "/quickshare/{slug}/access-control": {
    get: {
      tags,
      summary: "Read price, whitelistPrice, whitelist, publicAccess and entitlements (owner)",
      security: session,
      requestParams: { path: slugParams },
      responses: { "200": json(accessControlResponse, "Access control"), ...errors(401, 403, 404) },
    },
    put: {
      tags,
      summary: "Edit price, whitelistPrice, whitelist (replaced whole), publicAccess, or publish a draft (owner)",
      security: session,
      requestParams: { path: slugParams },
      requestBody: jsonBody(accessControlBody),
      responses: { "200": json(accessControlResponse, "Updated"), ...errors(400, 401, 403, 404, 409, 410) },
    },
  },
  "/quickshare/gateway/balance": {
    post: {
      tags,
      summary: "A depositor's USDC in the Gateway Wallet, read on chain",
      requestBody: jsonBody(gatewayBalanceBody),
      responses: { "200": json(gatewayBalanceResponse, "Balances"), ...errors(400, 503) },
    },
  },
  "/uploads/content": {
    post: {
      tags,
      summary: "Encrypted media upload (session): multipart field file (≤ 30 MB) and optional kind",
      description:
        "kind is photo, music, video or document (inferred from the file type when absent). Images are converted to WebP before encryption and get a small blurred public WebP preview, which becomes the cover of a share that attaches them. Every file is encrypted under its own key. Pass the returned storageRef in POST /quickshare `media`; svc-embed://N in the body refers to the N-th of them.",
      security: session,
      requestParams: { query: uploadQuery },
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ file: z.string().meta({ format: "binary" }), kind: z.enum(["photo", "music", "video", "document"]).optional() }),
          },
        },
      },
      responses: { "201": json(uploadResponse, "Stored encrypted"), ...errors(400, 401, 403), "413": json(z.object({ error: z.string(), details: z.string() }), "The file is larger than 30 MB") },
    },
  },
};
