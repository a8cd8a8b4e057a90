import "server-only";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { INDEX_LOCK } from "@/lib/x402/gateway-index/follow-gateway-deposits";
import { SETTLER_LOCK } from "@/lib/x402/settle-gateway-batch";

export type InFlightPayment = {
  id: string;
  rail: string;
  status: string;
  resource: string;
  payer: string;
  amount: string;
  createdAt: string;
  ageSeconds: number;
  /** Why it failed (failed rows only). */
  reason: string | null;
  batchId: string | null;
};

export type MoneyInFlight = {
  generatedAt: string;
  network: string;
  counts: { pending: number; locked: number; settling: number; failed: number };
  /** Unsettled payments (pending, locked, settling), oldest first. */
  inFlight: InFlightPayment[];
  /** Failed payments, newest first, each with its reason; `npm run ops -- retry <id>` or the page's button retries one. */
  failed: InFlightPayment[];
  heldTips: Array<{ domain: string; count: number; amount: string; oldestAgeSeconds: number }>;
  settler: {
    leader: string | null;
    leaseLive: boolean;
    leaseExpiresAt: string | null;
    /** When the leader last renewed its lease: the start of its last pass. */
    lastPassAt: string | null;
    /** Estimated: last pass + SETTLE_INTERVAL_MS (null without a live leader or with the in-app settler off). */
    nextRunAt: string | null;
    intervalMs: number;
    lastBatch: { id: string; status: string; itemCount: number; txHash: string | null; error: string | null; createdAt: string; confirmedAt: string | null } | null;
  };
  /** The Gateway deposit index (lib/x402/gateway-index): Gateway payments check deposits there, without the chain, while it is current. */
  depositIndex: {
    /** False with GATEWAY_INDEX_INTERVAL_MS=0: every Gateway payment reads the chain. */
    enabled: boolean;
    leader: string | null;
    /** The last block whose events are in the index. */
    block: string | null;
    /** When its last caught-up pass began (null before the first). */
    lastPassAt: string | null;
    lagSeconds: number | null;
    /** lag ≤ GATEWAY_INDEX_MAX_LAG_MS: payments are answered from the index. */
    current: boolean;
    maxLagMs: number;
  };
};

const LIMIT = 200;

/**
 * What an operator needs to see of money in flight: payments pending, locked, settling and failed
 * with their age (and a failed row's reason), held tips per domain, the batch settler's leader,
 * last batch and next run, and how current the Gateway deposit index is. Read from the database alone, so every instance answers the same.
 */
export async function moneyInFlight(now = new Date()): Promise<MoneyInFlight> {
  const network = env.NETWORK_MODE;
  const [grouped, inFlight, failed, held, lock, lastBatch, indexHead, indexLock] = await Promise.all([
    db.payment.groupBy({ by: ["status"], where: { network, status: { in: ["pending", "locked", "settling", "failed"] } }, _count: { _all: true } }),
    db.payment.findMany({ where: { network, status: { in: ["pending", "locked", "settling"] } }, orderBy: { createdAt: "asc" }, take: LIMIT }),
    db.payment.findMany({ where: { network, status: "failed" }, orderBy: { updatedAt: "desc" }, take: LIMIT }),
    db.tip.groupBy({ by: ["domain"], where: { network, status: "held" }, _count: { _all: true }, _sum: { amountAtomic: true, refundedAtomic: true }, _min: { createdAt: true } }),
    db.leaderLock.findUnique({ where: { name: SETTLER_LOCK } }),
    db.settlementBatch.findFirst({ where: { network }, orderBy: { createdAt: "desc" } }),
    db.gatewayIndexHead.findUnique({ where: { chainId: NETWORKS[network].chainId } }),
    db.leaderLock.findUnique({ where: { name: INDEX_LOCK } }),
  ]);
  const indexPass = indexHead && indexHead.readAt.getTime() > 0 ? indexHead.readAt : null;
  const indexLag = indexPass ? (now.getTime() - indexPass.getTime()) / 1000 : null;
  const age = (d: Date) => Math.max(0, Math.round((now.getTime() - d.getTime()) / 1000));
  const view = (p: (typeof inFlight)[number]): InFlightPayment => ({
    id: p.id,
    rail: p.rail,
    status: p.status,
    resource: `${p.resourceType}:${p.resourceId}`,
    payer: p.payer,
    amount: formatUsdc(p.amountAtomic),
    createdAt: p.createdAt.toISOString(),
    ageSeconds: age(p.createdAt),
    reason: p.status === "failed" ? (p.error ?? "no reason recorded") : null,
    batchId: p.batchId,
  });
  const count = (status: string) => grouped.find((g) => g.status === status)?._count._all ?? 0;
  const ttlMs = Math.max(30_000, env.SETTLE_INTERVAL_MS * 6); // as settleGatewayBatch takes it
  const leaseLive = Boolean(lock && lock.expiresAt > now);
  const lastPass = lock && leaseLive ? new Date(lock.expiresAt.getTime() - ttlMs) : null;
  return {
    generatedAt: now.toISOString(),
    network,
    counts: { pending: count("pending"), locked: count("locked"), settling: count("settling"), failed: count("failed") },
    inFlight: inFlight.map(view),
    failed: failed.map(view),
    heldTips: held
      .map((h) => ({
        domain: h.domain,
        count: h._count._all,
        amount: formatUsdc((h._sum.amountAtomic ?? 0n) - (h._sum.refundedAtomic ?? 0n)),
        oldestAgeSeconds: h._min.createdAt ? age(h._min.createdAt) : 0,
      }))
      .sort((a, b) => b.oldestAgeSeconds - a.oldestAgeSeconds),
    settler: {
      leader: leaseLive ? lock!.holder : null,
      leaseLive,
      leaseExpiresAt: lock ? lock.expiresAt.toISOString() : null,
      lastPassAt: lastPass?.toISOString() ?? null,
      nextRunAt: lastPass && env.SETTLE_INTERVAL_MS > 0 ? new Date(lastPass.getTime() + env.SETTLE_INTERVAL_MS).toISOString() : null,
      intervalMs: env.SETTLE_INTERVAL_MS,
      lastBatch: lastBatch
        ? {
            id: lastBatch.id,
            status: lastBatch.status,
            itemCount: lastBatch.itemCount,
            txHash: lastBatch.txHash,
            error: lastBatch.error,
            createdAt: lastBatch.createdAt.toISOString(),
            confirmedAt: lastBatch.confirmedAt?.toISOString() ?? null,
          }
        : null,
    },
    depositIndex: {
      enabled: env.GATEWAY_INDEX_INTERVAL_MS > 0,
      leader: indexLock && indexLock.expiresAt > now ? indexLock.holder : null,
      block: indexHead ? indexHead.block.toString() : null,
      lastPassAt: indexPass?.toISOString() ?? null,
      lagSeconds: indexLag === null ? null : Math.round(indexLag * 10) / 10,
      current: env.GATEWAY_INDEX_INTERVAL_MS > 0 && indexLag !== null && indexLag * 1000 <= env.GATEWAY_INDEX_MAX_LAG_MS,
      maxLagMs: env.GATEWAY_INDEX_MAX_LAG_MS,
    },
  };
}
