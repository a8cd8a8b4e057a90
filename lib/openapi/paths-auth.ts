import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { operation } from "@/lib/http/operation";
import { nonceQuery, nonceResponse, sessionResponse, verifyBody } from "@/lib/schemas/auth";
import { errors, pathsOf } from "./helpers";

const ok = z.object({ success: z.literal(true) });

export const nonceOp = operation({
  method: "get",
  path: "/auth/nonce",
  query: nonceQuery,
  response: nonceResponse,
  doc: {
    tags: ["auth"],
    summary: "Issue a single-use sign-in nonce (valid 10 minutes)",
    description: "Returns the nonce and the terms the EIP-4361 message must carry: domain, uri, chainId, version and statement.",
    answer: "A fresh nonce",
    responses: errors(400),
  },
});

export const verifyOp = operation({
  method: "post",
  path: "/auth/verify",
  body: verifyBody,
  response: z.object({ success: z.literal(true), wallet: z.string(), expiresAt: z.iso.datetime() }),
  doc: {
    tags: ["auth"],
    summary: "Verify a signed EIP-4361 message and set the auth_session cookie (30 days, HttpOnly)",
    description:
      "Checks the message's domain, URI and chain id against this hub, its expiration and not-before times, the signature (EOA, or ERC-1271/6492 via the chain) and that the nonce was issued here, is unexpired and unused. A replay answers 401 with code invalid-nonce.",
    answer: "Signed in; Set-Cookie carries auth_session",
    responses: errors(400, 401),
  },
});

export const meOp = operation({
  method: "get",
  path: "/auth/me",
  response: sessionResponse,
  doc: {
    tags: ["auth"],
    summary: "The current session: wallet and publisher profile",
    security: [{ session: [] }],
    answer: "The session",
    responses: errors(401),
  },
});

export const logoutOp = operation({
  method: "post",
  path: "/auth/logout",
  response: ok,
  doc: {
    tags: ["auth"],
    summary: "End the session server-side and clear the cookie (idempotent)",
    answer: "Signed out",
    responses: errors(403),
  },
});

export const authPaths: ZodOpenApiPathsObject = pathsOf(nonceOp, verifyOp, meOp, logoutOp);
