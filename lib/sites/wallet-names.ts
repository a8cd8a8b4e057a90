import "server-only";
import { getAddress, isAddress } from "viem";
import { db } from "@/lib/db";

/**
 * What people call each wallet, for pages that show wallets: the publisher profile's name, else the
 * name of the wallet's first verified site (its domain when unnamed). Wallets with neither are absent
 * (show the short address alone). Keys are EIP-55 addresses.
 */
export async function walletNames(wallets: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const keys = [...new Set([...wallets].filter((w): w is string => !!w && isAddress(w)).map((w) => getAddress(w)))];
  if (keys.length === 0) return new Map();
  const [profiles, sites] = await Promise.all([
    db.publisherProfile.findMany({ where: { ownerWallet: { in: keys }, username: { not: null } }, select: { ownerWallet: true, username: true } }),
    db.site.findMany({ where: { ownerWallet: { in: keys }, verified: true, removedAt: null }, orderBy: { createdAt: "asc" }, select: { ownerWallet: true, name: true, domain: true } }),
  ]);
  const names = new Map<string, string>();
  for (const s of sites) if (!names.has(s.ownerWallet)) names.set(s.ownerWallet, s.name || s.domain);
  for (const p of profiles) if (p.username) names.set(p.ownerWallet, p.username);
  return names;
}

/** One wallet's name (see walletNames), or null. */
export async function walletName(wallet: string | null | undefined): Promise<string | null> {
  return wallet ? ((await walletNames([wallet])).get(getAddress(wallet)) ?? null) : null;
}
