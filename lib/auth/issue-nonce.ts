import "server-only";
import { generateSiweNonce } from "viem/siwe";
import { db } from "@/lib/db";
import { NONCE_TTL_MS, signInTerms } from "./sign-in-terms";

/** A fresh single-use sign-in nonce, valid for ten minutes, with the terms the message must carry. */
export async function issueNonce(opts: { wallet?: string; origin?: string } = {}) {
  const nonce = generateSiweNonce();
  const terms = signInTerms(opts.origin);
  const expiresAt = new Date(Date.now() + NONCE_TTL_MS);
  await db.loginNonce.create({ data: { nonce, expiresAt, origin: terms.uri, wallet: opts.wallet } });
  return { success: true as const, nonce, expiresAt: expiresAt.toISOString(), version: "1" as const, ...terms };
}
