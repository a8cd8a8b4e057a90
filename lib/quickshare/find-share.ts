import "server-only";
import { isAddressEqual } from "viem";
import { db, type DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { isSlug } from "@/lib/schemas/quickshare";

/** The share behind a slug on this hub's network, or null (a malformed slug is simply unknown). */
export async function findShare({ slug }: { slug: string }, client: DbOrTx = db) {
  if (!isSlug(slug)) return null;
  const share = await client.quickshare.findUnique({ where: { slug } });
  return share && share.network === env.NETWORK_MODE ? share : null;
}

export type ShareRow = NonNullable<Awaited<ReturnType<typeof findShare>>>;

/**
 * The share for an owner route: 404 when unknown, 403 when the session wallet does not own it,
 * 410 when it is revoked and the route changes it (`allowRevoked` false).
 */
export async function findOwnedShare({ slug, wallet, allowRevoked = false }: { slug: string; wallet: string; allowRevoked?: boolean }, client: DbOrTx = db): Promise<ShareRow> {
  const share = await findShare({ slug }, client);
  if (!share) throw new ApiError("not-found", `No share with slug ${slug}`);
  if (!isAddressEqual(share.ownerWallet as `0x${string}`, wallet as `0x${string}`)) throw new ApiError("forbidden", "Only the share's owner may do this");
  if (!allowRevoked && share.status === "revoked") throw new ApiError("gone", "This share was revoked");
  return share;
}
