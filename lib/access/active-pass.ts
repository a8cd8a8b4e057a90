import "server-only";
import type { Address } from "viem";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

/** What a pass's unlock proofs are bound to (domain-separated from shares' and posts' ids). */
export function passProofId(scope: string): string {
  return `pass:${scope}`;
}

/**
 * The wallet's pass of one of `scopes` that is active at `now` (its end still ahead), or null. The
 * engine asks this for every resource whose adapter names pass scopes (docs/passes.md).
 */
export async function activePass({ scopes, wallet, now }: { scopes: string[]; wallet: Address; now: Date }) {
  if (!scopes.length) return null;
  return db.pass.findFirst({
    where: { network: env.NETWORK_MODE, scope: { in: scopes }, wallet, endsAt: { gt: now } },
    select: { id: true, scope: true, startsAt: true, endsAt: true },
    orderBy: { endsAt: "desc" },
  });
}
