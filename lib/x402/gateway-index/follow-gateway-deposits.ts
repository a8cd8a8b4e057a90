import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { getAddress, isAddressEqual, type Address } from "viem";
import { gatewayWalletAbi } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { batchingPublicClient, publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { backgroundDb } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import { metrics } from "@/lib/metrics/metrics";
import { acquireLeaderLock } from "../acquire-leader-lock";
import { isUniqueViolation } from "../is-unique-violation";
import { readGatewayDeposit } from "./read-gateway-deposit";
import { storeGatewayDeposit } from "./store-gateway-deposit";

export const INDEX_LOCK = "gateway-index";
/** This process's name on the index lease (unique per process). */
export const INDEX_HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
/** Blocks per getLogs call: public RPCs cap the range; a follower that is further behind catches up over several passes. */
const MAX_BLOCKS_PER_PASS = 2_000n;
/**
 * Where a new index begins: this many blocks back (about 5.5 hours of Base), so authorizations signed
 * a while before it started (x402 clients date validAfter 10 minutes back) have their nonces covered.
 */
const BACKFILL_BLOCKS = 10_000n;
/**
 * Depositors re-read at once: their three calls each go out through the batching client as JSON-RPC
 * batches (one request for 33 depositors), then their rows are written. One HTTP request each, eight at
 * a time, made a pass of 24 depositors three rounds of 24 requests; under a soak's load those rounds
 * made the pass late, and a late index sends every payment to the chain (bench/README.md, session 59).
 */
const DEPOSITORS_PER_WAVE = 100;

export type FollowResult = { leader: boolean; from?: bigint; to?: bigint; depositors: number; nonces: number; caughtUp: boolean };

/**
 * One pass of the Gateway deposit index, by the holder of its lease. Reads the Gateway Wallet's
 * events after the index head (at most MAX_BLOCKS_PER_PASS blocks), then for every depositor an event
 * touched (deposit, withdrawal started or completed, authorization settled) re-reads the stored
 * balances on chain at the pass's last block — the index copies the contract's state rather than
 * replaying its arithmetic, so it cannot drift from it — and records every settled nonce. The head
 * advances last; a pass that fails half-way is repeated whole, every write being idempotent.
 * `readAt` is the moment the pass began: every block mined before it is in the index once the pass
 * completes, which is what a payment's lag check relies on. The first pass places the index
 * BACKFILL_BLOCKS back (at genesis on a young chain) and marks it untrusted until a pass catches up;
 * depositors with no event since enter it when a payment reads them on chain. Its statements go through
 * the background passes' client (lib/db.ts), so a pass keeps time on a busy hub.
 */
export async function followGatewayDeposits({ holder = INDEX_HOLDER }: { holder?: string } = {}): Promise<FollowResult> {
  const idle = { depositors: 0, nonces: 0 };
  const ttlMs = Math.max(10_000, env.GATEWAY_INDEX_INTERVAL_MS * 10);
  if (!(await acquireLeaderLock({ name: INDEX_LOCK, holder, ttlMs }))) return { leader: false, caughtUp: false, ...idle };

  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const client = publicClient();
  const readAt = new Date();
  const latest = await chainRead("follow the Gateway Wallet", () => client.getBlockNumber({ cacheTime: 0 }));
  const head = await backgroundDb.gatewayIndexHead.findUnique({ where: { chainId } });
  if (!head) {
    // Begin BACKFILL_BLOCKS back (a young chain: at genesis), not yet trusted (readAt 0) until a pass catches up.
    const start = latest > BACKFILL_BLOCKS ? latest - BACKFILL_BLOCKS : 0n;
    // Nothing can have been settled before genesis; otherwise nonces from the first indexed block's time on are known.
    const sinceTime = start === 0n ? 0n : (await chainRead("follow the Gateway Wallet", () => client.getBlock({ blockNumber: start }))).timestamp;
    try {
      await backgroundDb.gatewayIndexHead.create({ data: { chainId, block: start - 1n, readAt: new Date(0), sinceTime } });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    return { leader: true, caughtUp: false, ...idle };
  }
  if (latest <= head.block) {
    await backgroundDb.gatewayIndexHead.updateMany({ where: { chainId, block: head.block }, data: { readAt } });
    return { leader: true, from: head.block, to: head.block, caughtUp: true, ...idle };
  }

  const from = head.block + 1n;
  const to = latest - head.block > MAX_BLOCKS_PER_PASS ? head.block + MAX_BLOCKS_PER_PASS : latest;
  const logs = await chainRead("follow the Gateway Wallet", () =>
    client.getContractEvents({ address: env.GATEWAY_WALLET_ADDRESS, abi: gatewayWalletAbi, fromBlock: from, toBlock: to, strict: true }),
  );
  const touched = new Set<Address>();
  const settled: { payer: Address; nonce: string; block: bigint }[] = [];
  for (const log of logs) {
    if (log.eventName === "AuthorizationSettled") {
      touched.add(getAddress(log.args.from));
      settled.push({ payer: getAddress(log.args.from), nonce: log.args.nonce.toLowerCase(), block: log.blockNumber });
    } else if (log.eventName === "Deposited" || log.eventName === "WithdrawalInitiated" || log.eventName === "WithdrawalCompleted") {
      if (isAddressEqual(log.args.token, env.USDC_ADDRESS)) touched.add(getAddress(log.args.depositor));
    }
  }

  const depositors = [...touched];
  const reads = batchingPublicClient();
  for (let i = 0; i < depositors.length; i += DEPOSITORS_PER_WAVE) {
    await Promise.all(
      depositors.slice(i, i + DEPOSITORS_PER_WAVE).map(async (depositor) => {
        const state = await readGatewayDeposit(depositor, to, reads);
        await storeGatewayDeposit({ chainId, depositor, block: to, state }, backgroundDb);
      }),
    );
  }
  // One statement per pass (a batch of 50 settles 50 nonces); a nonce already recorded (a repeated pass) stays.
  if (settled.length > 0) {
    const rows = settled.map((n) => Prisma.sql`(${chainId}, ${n.payer}, ${n.nonce}, ${n.block})`);
    await backgroundDb.$executeRaw`INSERT INTO "GatewaySettledNonce" ("chainId", "payer", "nonce", "block") VALUES ${Prisma.join(rows)} ON CONFLICT DO NOTHING`;
  }
  const caughtUp = to === latest;
  // Guarded on the head it started from: a second follower (an expired lease) cannot move it backwards.
  await backgroundDb.gatewayIndexHead.updateMany({ where: { chainId, block: head.block }, data: { block: to, ...(caughtUp ? { readAt } : {}) } });
  metrics().gatewayIndexBlock.set(Number(to));
  return { leader: true, from, to, caughtUp, depositors: depositors.length, nonces: settled.length };
}
