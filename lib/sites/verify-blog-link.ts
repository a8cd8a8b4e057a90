import "server-only";
import type { Address } from "viem";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { hashBlogLinkToken } from "./generate-blog-link";

/**
 * Redeems a blog link token once: answers the wallet that minted it. Unknown, expired, used or
 * bound to another site: 403. The token is consumed by the same statement that checks it is
 * unused and unexpired, so two redemptions cannot both succeed.
 */
export async function verifyBlogLink({ token, siteId }: { token: string; siteId?: string }) {
  const hash = hashBlogLinkToken(token);
  const row = await db.blogLinkToken.findUnique({ where: { token: hash } });
  const invalid = () => new ApiError("forbidden", "The link token is unknown, expired, already used or bound to another site");
  if (!row) throw invalid();
  if (row.siteId && row.siteId !== siteId) throw invalid();
  const now = new Date();
  const used = await db.blogLinkToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (used.count === 0) throw invalid();
  // row.wallet is a database column, written from a session's wallet (EIP-55).
  return { success: true as const, valid: true as const, wallet: row.wallet as Address, siteId: row.siteId, linkedAt: now.toISOString() };
}
