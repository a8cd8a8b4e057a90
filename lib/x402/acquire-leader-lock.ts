import "server-only";
import { backgroundDb } from "@/lib/db";
import { isUniqueViolation } from "./is-unique-violation";

/**
 * Takes or renews the database lease `name` for `holder` (one process of many runs a singleton job,
 * such as the batch settler). Succeeds when the lease is free, expired or already ours; a single
 * guarded UPDATE, so two contenders cannot both win. Returns whether `holder` now holds it. On the
 * background passes' client (lib/db.ts), so a lease is renewed in time on a busy hub.
 */
export async function acquireLeaderLock({ name, holder, ttlMs }: { name: string; holder: string; ttlMs: number }): Promise<boolean> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlMs);
  const taken = await backgroundDb.leaderLock.updateMany({ where: { name, OR: [{ holder }, { expiresAt: { lt: now } }] }, data: { holder, expiresAt } });
  if (taken.count === 1) return true;
  try {
    await backgroundDb.leaderLock.create({ data: { name, holder, expiresAt } });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Gives the lease up at once (shutdown), so another process need not wait for it to expire. */
export async function releaseLeaderLock({ name, holder }: { name: string; holder: string }): Promise<void> {
  await backgroundDb.leaderLock.updateMany({ where: { name, holder }, data: { expiresAt: new Date(0) } });
}
