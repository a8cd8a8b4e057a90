import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  generateBlogLinkBody,
  generateBlogLinkResponse,
  listSitesResponse,
  registerSiteBody,
  registerSiteResponse,
  removeSiteResponse,
  rotateSecretResponse,
  syncFromPeerBody,
  syncFromPeerResponse,
  verifiedIdentitiesQuery,
  verifiedIdentitiesResponse,
  verifyBlogLinkBody,
  verifyBlogLinkResponse,
  verifySiteBody,
  verifySiteResponse,
  verifyStatusQuery,
  verifyStatusResponse,
  websiteIdParams,
} from "@/lib/schemas/sites";
import { operation } from "@/lib/http/operation";
import { errors, pathsOf } from "./helpers";

const session = [{ session: [] }];
const peerHeader = z.object({ "x-peer-secret": z.string().meta({ description: "The secret shared by both hubs (PEER_SECRET)" }) });

export const registerSiteOp = operation({
  method: "post",
  path: "/hub/sites/register",
  body: registerSiteBody,
  response: registerSiteResponse,
  doc: {
    tags: ["sites"],
    summary: "Register a domain for the session wallet",
    description:
      "Creates a pending site owned by the session wallet and returns it with its public `siteKey`, the widget snippet (which carries the key) and the owner-link proofs to publish, and its secret `verifyToken` (sk_…), shown in this answer only. Idempotent for the same wallet (name and description are updated, `verifyToken` is null: the secret is not shown again; a removed site is restored, pending again, with a new secret). 409 `domain-registered-by-other-wallet` when another wallet's site is verified, or its unproven registration is younger than 24 hours (after that the domain may be taken over). The hub's own domain cannot be registered.",
    security: session,
    answer: "The site (created tells whether it is new)",
    responses: errors(400, 401, 403, 409),
  },
});

export const listSitesOp = operation({
  method: "get",
  path: "/hub/sites",
  response: listSitesResponse,
  doc: {
    tags: ["sites"],
    summary: "The session wallet's live sites",
    security: session,
    answer: "Sites registered by, or proven for, the wallet",
    responses: errors(401),
  },
});

export const verifySiteOp = operation({
  method: "post",
  path: "/hub/sites/{websiteId}/verify",
  params: websiteIdParams,
  body: verifySiteBody,
  response: verifySiteResponse,
  doc: {
    tags: ["sites"],
    summary: "Prove ownership of a site's domain",
    description:
      "owner-link: the hub fetches https://<domain>/.well-known/svc-owner.txt (then http) and looks for the session wallet, then the home page for `<meta name=\"svc:owner\" content=\"<wallet>\">`. widget: the hub fetches the page (pageUrl or the home page) and looks for the widget snippet with the site's public key (`siteKey`; a snippet from before keys existed, with the old token, still counts). cross-stack: the peer hub (PEER_HUB_URL) has the domain verified for the session wallet. Every fetch of the domain goes through the SSRF guard: http(s) only, public addresses only (checked after DNS resolution and on each of at most 5 redirects), 512 KB and 4 s per URL. The answer is 200 either way: `verified` tells the outcome and `attempts` lists each URL and what was found. On success the site's name (unless set), description, favicon and og:image are read from the home page. 10 attempts per site per minute (429).",
    security: session,
    answer: "The attempt and the site afterwards",
    responses: errors(400, 401, 403, 404, 429),
  },
});

export const rotateSecretOp = operation({
  method: "post",
  path: "/hub/sites/{websiteId}/secret",
  params: websiteIdParams,
  response: rotateSecretResponse,
  doc: {
    tags: ["sites"],
    summary: "Rotate a site's secret",
    description:
      "Issues a new site secret (sk_…), returned as `site.verifyToken` in this answer only (only its SHA-256 is stored). The old secret stops working at once for tip claims and /hub/pay attribution. The public site key and the widget snippet do not change. Owner only.",
    security: session,
    answer: "The site with its new secret",
    responses: errors(401, 403, 404),
  },
});

export const removeSiteOp = operation({
  method: "delete",
  path: "/hub/sites/{websiteId}",
  params: websiteIdParams,
  response: removeSiteResponse,
  doc: {
    tags: ["sites"],
    summary: "Remove a site",
    description: "Its content leaves discovery at once and its widget events answer 403 `site-removed`. Registering the domain again restores it for the same owner (pending); another wallet gets a fresh site.",
    security: session,
    answer: "Removed",
    responses: errors(401, 403, 404),
  },
});

export const verifyStatusOp = operation({
  method: "get",
  path: "/hub/site/verify-status",
  query: verifyStatusQuery,
  response: verifyStatusResponse,
  doc: {
    tags: ["sites"],
    summary: "Public verification status of a domain",
    description:
      "verificationStatus is verified, stale (proof older than SITE_VERIFICATION_MAX_AGE_DAYS, default 30), pending, failed, removed, or unregistered for an unknown domain (still 200). Owner wallets, publisher and ownerProfile are shown only for a proven (verified or stale) site. siteMeta is what the hub read from the domain at its last verification.",
    answer: "The status",
    responses: errors(400),
  },
});

export const verifiedIdentitiesOp = operation({
  method: "get",
  path: "/hub/site/verified-identities",
  query: verifiedIdentitiesQuery,
  response: verifiedIdentitiesResponse,
  doc: {
    tags: ["sites"],
    summary: "Verified site identities, for the peer hub",
    description:
      "Verified, live sites with owner wallets, publisher profile and published blog posts. No content, receipts, ratings, metrics or site tokens. Needs x-peer-secret (compared in constant time); 403 otherwise.",
    headers: peerHeader,
    answer: "One page of identities",
    responses: errors(400, 403),
  },
});

export const syncFromPeerOp = operation({
  method: "post",
  path: "/hub/site/sync-from-peer",
  body: syncFromPeerBody,
  response: syncFromPeerResponse,
  doc: {
    tags: ["sites"],
    summary: "Copy verified identities from the peer hub",
    description:
      "Reads GET /hub/site/verified-identities on PEER_HUB_URL with the shared secret and copies only site identity, verification (recorded as cross-stack), owner wallets, publisher profile and published blog posts. `skipped` lists domains not verified on the peer, verified here by another wallet, or removed here. 403 without the right x-peer-secret; 502 `peer-unavailable` when the peer is not configured or does not answer.",
    headers: peerHeader,
    answer: "What was copied and what was skipped",
    responses: errors(400, 403, 502),
  },
});

export const generateBlogLinkOp = operation({
  method: "post",
  path: "/hub/blog/link/generate",
  body: generateBlogLinkBody,
  response: generateBlogLinkResponse,
  doc: {
    tags: ["sites"],
    summary: "Mint a blog link token bound to the session wallet",
    description: "Single use, valid 15 minutes; optionally bound to one of the wallet's sites. A hosted blog redeems it with POST /hub/blog/link/verify.",
    security: session,
    answer: "The token (shown once; stored hashed)",
    responses: errors(400, 401, 403, 404),
  },
});

export const verifyBlogLinkOp = operation({
  method: "post",
  path: "/hub/blog/link/verify",
  body: verifyBlogLinkBody,
  response: verifyBlogLinkResponse,
  doc: {
    tags: ["sites"],
    summary: "Redeem a blog link token",
    description: "Answers the wallet that minted the token and consumes it. 403 when the token is unknown, expired, already used or bound to another site.",
    answer: "The minting wallet",
    responses: errors(400, 403),
  },
});

export const sitesPaths: ZodOpenApiPathsObject = pathsOf(
  registerSiteOp, listSitesOp, verifySiteOp, rotateSecretOp, removeSiteOp, verifyStatusOp, verifiedIdentitiesOp, syncFromPeerOp, generateBlogLinkOp, verifyBlogLinkOp,
);
