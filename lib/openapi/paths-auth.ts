import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { nonceQuery, nonceResponse, sessionResponse, verifyBody } from "@/lib/schemas/auth";
import { errors, json, jsonBody } from "./helpers";

const ok = z.object({ success: z.literal(true) });

export const authPaths: ZodOpenApiPathsObject = {
  "/auth/nonce": {
    get: {
      tags: ["auth"],
      summary: "Issue a single-use sign-in nonce (valid 10 minutes)",
      description: "Returns the nonce and the terms the EIP-4361 message must carry: domain, uri, chainId, version and statement.",
      requestParams: { query: nonceQuery },
      responses: { "200": json(nonceResponse, "A fresh nonce"), ...errors(400) },
    },
  },
  "/auth/verify": {
    post: {
      tags: ["auth"],
      summary: "Verify a signed EIP-4361 message and set the auth_session cookie (30 days, HttpOnly)",
      description:
        "Checks the message's domain, URI and chain id against this hub, its expiration and not-before times, the signature (EOA, or ERC-1271/6492 via the chain) and that the nonce was issued here, is unexpired and unused. A replay answers 401 with code invalid-nonce.",
      requestBody: jsonBody(verifyBody),
      responses: {
        "200": json(z.object({ success: z.literal(true), wallet: z.string(), expiresAt: z.iso.datetime() }), "Signed in; Set-Cookie carries auth_session"),
        ...errors(400, 401),
      },
    },
  },
  "/auth/me": {
    get: {
      tags: ["auth"],
      summary: "The current session: wallet and publisher profile",
      security: [{ session: [] }],
      responses: { "200": json(sessionResponse, "The session"), ...errors(401) },
    },
  },
  "/auth/logout": {
    post: {
      tags: ["auth"],
      summary: "End the session server-side and clear the cookie (idempotent)",
      responses: { "200": json(ok, "Signed out"), ...errors(403) },
    },
  },
};
