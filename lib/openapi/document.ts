import { createDocument } from "zod-openapi";
import { agentPaths } from "./paths-agents";
import { authPaths } from "./paths-auth";
import { blogPaths } from "./paths-blog";
import { passPaths } from "./paths-passes";
import { checkoutPaths } from "./paths-checkout";
import { eventsPaths } from "./paths-events";
import { creatorNumbersPaths } from "./paths-creator-numbers";
import { explorePaths } from "./paths-explore";
import { feedPaths } from "./paths-feeds";
import { facilitatorPaths } from "./paths-facilitator";
import { judgePaths } from "./paths-judge";
import { withCommonStatuses } from "./helpers";
import { withOperationMeta } from "./operation-meta";
import { ledgerPaths } from "./paths-ledger";
import { metaPaths } from "./paths-meta";
import { quickshareOwnerPaths, quickshareSharePaths } from "./paths-quickshare";
import { ratingPaths } from "./paths-ratings";
import { sitesPaths } from "./paths-sites";
import { tipsPaths } from "./paths-tips";
import { webhookPaths } from "./paths-webhooks";
import { x402Paths } from "./paths-x402";

export const API_VERSION = "0.2.9";

let cached: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1 document, built from the same zod schemas the routes parse with. */
export function openapiDocument() {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Paid Content Hub API",
      version: API_VERSION,
      description:
        "Paid content on creator-owned domains, paid in USDC over x402. Every route also answers under the legacy /api prefix. Errors are `{ error, details, code? }`.",
      license: { name: "MIT", identifier: "MIT" },
    },
    paths: withOperationMeta(
      withCommonStatuses({
        ...authPaths, ...metaPaths, ...judgePaths, ...agentPaths, ...ledgerPaths, ...ratingPaths, ...x402Paths, ...sitesPaths, ...eventsPaths,
        ...explorePaths, ...quickshareSharePaths, ...quickshareOwnerPaths, ...tipsPaths, ...blogPaths, ...passPaths, ...facilitatorPaths,
        ...checkoutPaths, ...feedPaths, ...creatorNumbersPaths, ...webhookPaths,
      }),
    ),
    components: {
      securitySchemes: {
        Payment: {
          type: "apiKey",
          in: "header",
          name: "Payment",
          description: "x402 payment credentials on retry (Payment-Signature for the gateway rail; x-svc-transfer-tx and x-svc-tx-owner for the transfer rail)",
        },
        session: { type: "apiKey", in: "cookie", name: "auth_session", description: "Wallet session from POST /auth/verify" },
        facilitatorKey: { type: "http", scheme: "bearer", description: "A site's facilitator key (POST /hub/sites/{websiteId}/facilitator-keys), sent by the site's x402 middleware through HTTPFacilitatorClient's createAuthHeaders" },
        metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN from the hub's configuration (GET /metrics)" },
        blogSession: { type: "apiKey", in: "cookie", name: "sb_auth_session", description: "A hosted blog's wallet session from POST /api/auth/verify on the blog's origin (valid on that blog only)" },
      },
    },
  });
  return cached;
}
