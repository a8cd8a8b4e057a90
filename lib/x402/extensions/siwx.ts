import "server-only";
import {
  createSIWxResourceServerExtension,
  declareSIWxExtension,
  parseSIWxHeader,
  SIGN_IN_WITH_X,
  validateSIWxMessage,
  verifySIWxSignature,
} from "@x402/extensions/sign-in-with-x";
import { getAddress, type Address } from "viem";
import { randomText } from "@/lib/random-text";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { jsonHole } from "@/lib/json-template";
import { isUniqueViolation } from "../is-unique-violation";
import type { PaidResource } from "../types";
import type { ChallengeExtension } from "./challenge-extension";

/** The request header a SIWX proof travels in (x402 v2; read in any case). */
export const SIWX_HEADER = SIGN_IN_WITH_X;

/** How long a SIWX challenge may be signed and used (the package's own default maximum age). */
export const SIWX_TTL_SECONDS = 300;

/** Kinds a wallet can re-read by signing in: what it bought stays bought. Tips buy nothing to re-read. */
const REREADABLE = new Set<PaidResource["kind"]>(["content", "quickshare", "blogpost"]);

const STATEMENT = "Sign in to read what this wallet has already bought; nothing is charged";

/**
 * Where a SIWX proof for `resource` must be bound: the origin the reader sends the request to. A
 * share's and a blog post's x402 `resource.url` are on the hub's or the blog's own origin; hub
 * content names the creator's page, while the request goes to the hub's /hub/pay.
 */
export function siwxResourceUrl(resource: PaidResource): string {
  return resource.kind === "content" ? `${env.HUB_ORIGIN}/hub/pay` : resource.url;
}

/** Storage hooks are not used: the hub reads entitlements and receipts itself (lib/access, lib/x402/siwx-reread). */
const unusedStorage = { hasPaid: () => false, recordPayment: () => undefined };

/**
 * The fields of a SIWX declaration's `info` that differ on every challenge: the package's
 * `dynamicInfoFields` for this extension (a fresh nonce, issuedAt and expiry; siwx.test.ts holds the
 * two lists equal). Everything else in the declaration is kept with the challenge.
 */
export const SIWX_FRESH_FIELDS = ["nonce", "issuedAt", "expirationTime"] as const;
const holeName = (field: (typeof SIWX_FRESH_FIELDS)[number]) => `siwx.${field}`;

/**
 * The `sign-in-with-x` declaration of a 402 (package helpers: declareSIWxExtension, enriched by the
 * package's resource-server extension with the domain and URI of the origin the reader used). Every
 * re-readable paid resource declares it. The enrichment runs once per kept challenge; its per-challenge
 * fields are holes that `fresh` fills for each 402, as the package writes them (16 random bytes in
 * hex, ISO times, expiry SIWX_TTL_SECONDS ahead).
 */
export const siwxExtension: ChallengeExtension = {
  declare: async ({ resource, accepts }) => {
    if (!REREADABLE.has(resource.kind)) return undefined;
    const url = siwxResourceUrl(resource);
    const server = createSIWxResourceServerExtension({ storage: unusedStorage, origin: new URL(url).origin });
    const declaration = declareSIWxExtension({ statement: STATEMENT, expirationSeconds: SIWX_TTL_SECONDS })[SIGN_IN_WITH_X];
    const enriched = (await server.enrichPaymentRequiredResponse!(declaration, {
      requirements: accepts,
      resourceInfo: { url, description: resource.description ?? "", mimeType: resource.mimeType ?? "application/json" },
      paymentRequiredResponse: { x402Version: 2, resource: { url, description: "", mimeType: "" }, accepts },
    })) as { info: Record<string, unknown> };
    const info = { ...enriched.info };
    for (const field of SIWX_FRESH_FIELDS) info[field] = jsonHole(holeName(field));
    return { [SIGN_IN_WITH_X]: { ...enriched, info } };
  },
  fresh: () => {
    const now = Date.now();
    return {
      [holeName("nonce")]: randomText(16, "hex"),
      [holeName("issuedAt")]: new Date(now).toISOString(),
      [holeName("expirationTime")]: new Date(now + SIWX_TTL_SECONDS * 1000).toISOString(),
    };
  },
};

/** A SIWX proof that cannot be used: the 402 that follows names why (`reason`, the package's code). */
export class SiwxRejected extends Error {
  constructor(
    readonly reason: string,
    readonly details: string,
  ) {
    super(details);
  }
}

/**
 * Verifies a SIGN-IN-WITH-X header for `resource` with the package's parser, validator and
 * verifier: bound to the domain and URI origin the reader used, issued within the last 5 minutes
 * and not expired, signed for this hub's chain by the wallet it names, its nonce never seen before
 * (recorded as used here, once: a copied header is refused). Returns the proven wallet.
 */
export async function verifySiwx(header: string, resource: PaidResource): Promise<Address> {
  let payload;
  try {
    payload = parseSIWxHeader(header.trim());
  } catch (err) {
    throw new SiwxRejected("invalid_siwx_payload", `${SIWX_HEADER}: ${(err as Error).message}`);
  }
  const network = NETWORKS[env.NETWORK_MODE].caip2;
  if (payload.chainId !== network) throw new SiwxRejected("invalid_siwx_chain_id", `${SIWX_HEADER} is signed for ${payload.chainId}; this hub accepts ${network}`);
  const origin = new URL(new URL(siwxResourceUrl(resource)).origin);
  const nonceKey = `siwx:${payload.nonce}`;
  const validation = await validateSIWxMessage(payload, origin, {
    maxAge: SIWX_TTL_SECONDS * 1000,
    checkNonce: async () => !(await db.loginNonce.findUnique({ where: { nonce: nonceKey }, select: { id: true } })),
  });
  if (!validation.isValid) throw new SiwxRejected(validation.invalidReason, `${SIWX_HEADER}: ${validation.invalidMessage}`);
  const verified = await verifySIWxSignature(payload);
  if (!verified.isValid) throw new SiwxRejected(verified.invalidReason, `${SIWX_HEADER}: ${verified.invalidMessage}`);
  // Single use: the first request to record the nonce wins; a concurrent copy is refused.
  const issued = Date.parse(payload.issuedAt);
  const expiresAt = new Date(payload.expirationTime ? Date.parse(payload.expirationTime) : issued + SIWX_TTL_SECONDS * 1000);
  try {
    await db.loginNonce.create({ data: { nonce: nonceKey, origin: origin.origin, wallet: getAddress(verified.payer), expiresAt, usedAt: new Date() } });
  } catch (err) {
    if (isUniqueViolation(err)) throw new SiwxRejected("invalid_siwx_nonce", `${SIWX_HEADER}: this nonce was already used; sign the fresh challenge of this 402`);
    throw err;
  }
  return getAddress(verified.payer);
}
