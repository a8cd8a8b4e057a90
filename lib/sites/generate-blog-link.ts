import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Address } from "viem";
import { db } from "@/lib/db";
import { loadOwnedSite } from "./load-owned-site";

export const BLOG_LINK_TTL_MS = 15 * 60 * 1000;

/** Tokens are stored hashed: the database alone cannot be used to link a blog. */
export function hashBlogLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Mints a single-use token, valid 15 minutes, bound to the session wallet (and to one of its
 * sites when siteId is given). A hosted blog presents it to POST /hub/blog/link/verify to learn,
 * with proof, which hub wallet asked to be linked.
 */
export async function generateBlogLink({ wallet, siteId }: { wallet: Address; siteId?: string }) {
  if (siteId) await loadOwnedSite({ siteId, wallet });
  const token = `bl_${randomBytes(24).toString("base64url")}`;
  const expiresAt = new Date(Date.now() + BLOG_LINK_TTL_MS);
  await db.blogLinkToken.create({ data: { token: hashBlogLinkToken(token), wallet, siteId: siteId ?? null, expiresAt } });
  return { success: true as const, token, wallet, siteId: siteId ?? null, expiresAt: expiresAt.toISOString() };
}
