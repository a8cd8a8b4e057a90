import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

// Longer than the slowest chain call a holder makes (simulate + send + receipt, each bounded by viem's
// timeouts), so a live holder never loses the lease; a crashed one frees it after this long.
const LEASE_MS = 120_000;
const WAIT_MS = 30_000;
const POLL_MS = 50;

/**
 * Runs `fn` while holding the domain's box lease (a LeaderLock row), so claims and refunds of one
 * holding box never overlap: a release sweeps the box's whole balance, so a refund in flight at the
 * same time would either be swept to the creator or revert. Waits up to 30 s for a current holder,
 * then answers 409. Works across app instances, on SQLite and PostgreSQL.
 */
export async function withDomainLock<T>(domain: string, fn: () => Promise<T>): Promise<T> {
  const name = `tips-box:${env.NETWORK_MODE}:${domain}`;
  const holder = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  while (!(await tryAcquire(name, holder))) {
    if (Date.now() > deadline) throw new ApiError("conflict", `Another claim or refund for ${domain} is still running; retry shortly`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await fn();
  } finally {
    await db.leaderLock.deleteMany({ where: { name, holder } });
  }
}

async function tryAcquire(name: string, holder: string): Promise<boolean> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LEASE_MS);
  // Take over an expired lease (one statement, guarded by the expiry, so only one taker wins)…
  const taken = await db.leaderLock.updateMany({ where: { name, expiresAt: { lt: now } }, data: { holder, expiresAt } });
  if (taken.count === 1) return true;
  // …or create the row; the primary key makes a concurrent create fail.
  try {
    await db.leaderLock.create({ data: { name, holder, expiresAt } });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") return false;
    throw err;
  }
}
