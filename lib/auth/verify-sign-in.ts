import "server-only";
import { getAddress, type Hex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { db } from "@/lib/db";
import { verifyWalletSignature } from "./verify-wallet-signature";
import { ApiError } from "@/lib/http/errors";
import { createSession } from "./session";
import { signInTerms } from "./sign-in-terms";

const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Verifies an EIP-4361 message and its signature and opens a session. Checks, in order: the message
 * parses and names this hub's domain, URI and chain; its time bounds hold; the signature is the
 * address's; and the nonce is one we issued, unexpired, and not used before (consumed atomically, so
 * two concurrent replays cannot both win).
 */
export async function verifySignIn(opts: {
  message: string;
  signature: Hex;
  /** A hosted blog's origin, audience (its Site.id) and cookie; the hub's by default. */
  origin?: string;
  audience?: string;
  cookieName?: string;
}) {
  const fields = parseSiweMessage(opts.message);
  const missing = (["address", "domain", "uri", "version", "chainId", "nonce", "issuedAt"] as const).filter((k) => fields[k] === undefined);
  if (missing.length) throw new ApiError("invalid-request", `The sign-in message is not a valid EIP-4361 message (missing ${missing.join(", ")})`);
  if (fields.version !== "1") throw new ApiError("invalid-request", `Unsupported sign-in message version ${fields.version}`);

  const terms = signInTerms(opts.origin);
  if (fields.domain !== terms.domain) throw new ApiError("invalid-signature", `The message is for ${fields.domain}, not ${terms.domain}`);
  let uriOrigin: string;
  try {
    uriOrigin = new URL(fields.uri!).origin;
  } catch {
    throw new ApiError("invalid-request", "The message URI is not a URL");
  }
  if (uriOrigin !== terms.uri) throw new ApiError("invalid-signature", `The message URI must be on ${terms.uri}`);
  if (fields.chainId !== terms.chainId) throw new ApiError("invalid-signature", `The message names chain ${fields.chainId}; this hub runs on ${terms.chainId}`);

  const now = Date.now();
  if (fields.expirationTime && fields.expirationTime.getTime() <= now) throw new ApiError("invalid-signature", "The sign-in message has expired");
  if (fields.notBefore && fields.notBefore.getTime() > now + CLOCK_SKEW_MS) throw new ApiError("invalid-signature", "The sign-in message is not valid yet");
  if (fields.issuedAt!.getTime() > now + CLOCK_SKEW_MS) throw new ApiError("invalid-signature", "The sign-in message is issued in the future");

  const address = getAddress(fields.address!);
  if (!(await verifyWalletSignature(address, opts.message, opts.signature))) {
    throw new ApiError("invalid-signature", `The signature was not made by ${address}`);
  }

  const consumed = await db.loginNonce.updateMany({
    // A nonce issued for a named wallet is good only for that wallet.
    where: { nonce: fields.nonce!, origin: terms.uri, usedAt: null, expiresAt: { gt: new Date(now) }, OR: [{ wallet: null }, { wallet: address }] },
    data: { usedAt: new Date(now) },
  });
  if (consumed.count !== 1) throw new ApiError("invalid-nonce", "The nonce is unknown, expired or already used; request a new one from GET /auth/nonce");

  await db.owner.upsert({ where: { wallet: address }, create: { wallet: address }, update: {} });
  return createSession(address, opts.audience, opts.cookieName);
}
