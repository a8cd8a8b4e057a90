import "server-only";
import { db } from "@/lib/db";

/** The wallet's publisher profile, or null when it has none yet. */
export async function getProfile(wallet: string) {
  const profile = await db.publisherProfile.findUnique({ where: { ownerWallet: wallet } });
  if (!profile) return null;
  let socials: Record<string, string> = {};
  try {
    socials = profile.socials ? (JSON.parse(profile.socials) as Record<string, string>) : {};
  } catch {
    socials = {};
  }
  return { username: profile.username ?? null, bio: profile.bio ?? null, avatarUrl: profile.avatarUrl ?? null, socials };
}
