import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { walletOptionalQuery } from "@/lib/schemas/blog";
import { passAdminResponse, passGrant, passOfferBody, passOfferResponse } from "@/lib/schemas/passes";
import { operation } from "@/lib/http/operation";
import { errors, pathsOf } from "./helpers";

const tags = ["hosted blogs"];
const ORIGIN = "Served on the hosted blog's own origin (its domain, <name>.localhost in development, or a BLOG_HOST_MAP entry), not on the hub's.";
const ADMIN = `${ORIGIN} Admin only: the sb_auth_session cookie of the blog's owner or an admin wallet (401 without a session, 403 without the role).`;

export const buyPassOp = operation({
  method: "get",
  path: "/api/svc/pass",
  query: walletOptionalQuery,
  response: passGrant,
  doc: {
    tags,
    summary: "Buy or extend the blog's pass (x402)",
    description: `${ORIGIN} The blog's pass: a price for a duration (say 2 USDC for 30 days). Without payment: 402 with the x402 challenge (accepts[0] plain EIP-3009 USDC, accepts[1] GatewayWalletBatched), or pay by USDC transfer (x-svc-transfer-tx + x-svc-tx-owner). Paid: 200 with the pass (a pass already held is extended from its end), the period this payment added and an unlockProof that proves the wallet on every paid public post of the blog (x-svc-payment-proof) while the pass is active; sign-in-with-x or a blog session work too. A replay of the same payment answers the same receipt and extends nothing. 404 when the blog offers no pass.`,
    security: [{}, { Payment: [] }],
    answer: "The pass",
    answerHeaders: z.object({ "PAYMENT-RESPONSE": z.string().optional() }),
    responses: {
      "402": {
        description: "Payment required: the PAYMENT-REQUIRED header carries the x402 challenge",
        headers: z.object({ "PAYMENT-REQUIRED": z.string().meta({ description: "base64 JSON x402 challenge" }) }),
        content: { "application/json": { schema: z.looseObject({ error: z.string(), details: z.string() }) } },
      },
      ...errors(400, 403, 404, 409, 503),
    },
  },
});

export const passAdminOp = operation({
  method: "get",
  path: "/api/admin/pass",
  response: passAdminResponse,
  doc: { tags, summary: "The blog's pass offer and the passes sold", description: ADMIN, security: [{ blogSession: [] }], answer: "Offer and sales", responses: errors(401, 403, 404) },
});

export const passOfferOp = operation({
  method: "put",
  path: "/api/admin/pass",
  body: passOfferBody,
  response: passOfferResponse,
  doc: { tags, summary: "Set up the blog's pass (price, duration, on sale)", description: ADMIN, security: [{ blogSession: [] }], answer: "The offer", responses: errors(400, 401, 403, 404) },
});

/** A hosted blog's pass (docs/passes.md): sold over x402 through the access engine, set up in the editor. */
export const passPaths: ZodOpenApiPathsObject = pathsOf(buyPassOp, passAdminOp, passOfferOp);
