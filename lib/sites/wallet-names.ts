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
  const oldestSites = new Map<string, { name: string; domain: string }>();
  for (const s of sites) if (!oldestSites.has(s.ownerWallet)) oldestSites.set(s.ownerWallet, s);
  const usernames = new Map(profiles.map((p) => [p.ownerWallet, p.username]));
  const names = new Map<string, string>();
  for (const wallet of keys) {
    const name = walletNameOf(usernames.get(wallet), oldestSites.get(wallet));
    if (name) names.set(wallet, name);
  }
  return names;
}

/**
 * The naming rule, for a caller that has read the rows itself (the creators board): the profile's
 * username, else the oldest live verified site's name, else its domain; null with neither.
 */
export function walletNameOf(username: string | null | undefined, oldestSite: { name: string; domain: string } | undefined): string | null {
  return username || (oldestSite ? oldestSite.name || oldestSite.domain : null);
}

/** One wallet's name (see walletNames), or null. */
export async function walletName(wallet: string | null | undefined): Promise<string | null> {
  return wallet ? ((await walletNames([wallet])).get(getAddress(wallet)) ?? null) : null;
}
