import "server-only";
import type { Address, Hex } from "viem";
import { gatewayWalletAbi } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics/metrics";
import { paymentByNonce } from "../payment-by-nonce";
import type { GatewayBalance } from "./read-gateway-deposit";
import { balanceAt, readGatewayDeposit } from "./read-gateway-deposit";
import { storeGatewayDeposit } from "./store-gateway-deposit";

/**
 * A withdrawing balance counts from the index only while its unlock block lies this many blocks
 * beyond the index head; nearer, the chain is asked (the head trails the chain by up to
 * GATEWAY_INDEX_MAX_LAG_MS, and the balance must not become withdrawable unseen).
 */
export const WITHDRAWAL_MARGIN_BLOCKS = 50n;

export type GatewayPayerState = {
  /** The Gateway Wallet has settled an authorization of this payer with this nonce. */
  used: boolean;
  balance: GatewayBalance;
  /** Every on-chain debit before this moment is reflected in `balance` (lockedGatewayAmount's balanceReadAt). */
  readAt: Date;
  source: "index" | "chain";
};

type Auth = { from: Address; nonce: Hex; validAfter: bigint };

/**
 * What a Gateway payment needs to know of its payer: is the nonce used, and what deposit can
 * settlement draw on. From the deposit index when it answers for sure (see fromIndex), else from the
 * chain (four eth_calls pinned to one block, whose reading also refreshes the index). `chain: true`
 * skips the index: a payment the index would refuse asks the chain before refusing, since the index
 * may not have seen a deposit made a moment ago.
 */
export async function gatewayPayerState(auth: Auth, { chain = false }: { chain?: boolean } = {}): Promise<GatewayPayerState> {
  return (chain ? null : await indexedPayerState(auth)) ?? counted(await fromChain(auth));
}

/**
 * The payer's state from the deposit index alone (null when it cannot answer: ask gatewayPayerState
 * with `chain`), with whether the hub already holds a payment for this authorization's nonce, read in
 * the same statement: a new authorization, the common case, then costs one read before its transaction.
 */
export async function indexedPayerState(auth: Auth): Promise<(GatewayPayerState & { recorded: boolean }) | null> {
  const state = await fromIndex(auth);
  return state && counted(state);
}

/**
 * A Gateway authorization's first reads: the payer's state from the deposit index (null when it cannot
 * answer) and the payment the hub holds for its nonce, if any. The index's row says whether there is
 * one, so a new authorization, the common case, costs one statement; the Payment table is read only when
 * the row says there is one or there is no row.
 */
export async function indexedStateAndPayment(auth: Auth) {
  const indexed = await indexedPayerState(auth);
  const existing = indexed?.recorded === false ? null : await paymentByNonce({ chainId: NETWORKS[env.NETWORK_MODE].chainId, payer: auth.from, nonce: auth.nonce });
  return { indexed, existing };
}

/** `state`, counted by where it was read (hub_gateway_deposit_checks_total). */
function counted<T extends GatewayPayerState>(state: T): T {
  metrics().gatewayDepositChecks.inc({ source: state.source });
  return state;
}

/**
 * The index answers when its last completed pass began within GATEWAY_INDEX_MAX_LAG_MS, it holds the
 * payer's deposit, the authorization cannot have been settled before the index began (its validAfter
 * is not earlier: the contract settles an authorization only after validAfter), and no withdrawal of
 * the payer is near its unlock block. Otherwise null.
 */
async function fromIndex(auth: Auth): Promise<(GatewayPayerState & { recorded: boolean }) | null> {
  if (env.GATEWAY_INDEX_INTERVAL_MS === 0) return null;
  const row = await indexRow(NETWORKS[env.NETWORK_MODE].chainId, auth);
  if (!row) return null;
  const head = { block: BigInt(row.headBlock), readAt: new Date(row.readAt), sinceTime: BigInt(row.sinceTime) };
  const deposit = { available: BigInt(row.available), withdrawing: BigInt(row.withdrawing), withdrawalBlock: BigInt(row.withdrawalBlock) };
  const settled = Number(row.settled) === 1;
  // (a reading that is not a time, NaN, must not pass for a fresh one)
  if (!(Date.now() - head.readAt.getTime() <= env.GATEWAY_INDEX_MAX_LAG_MS)) return null;
  if (auth.validAfter < head.sinceTime && !settled) return null;
  if (deposit.withdrawing > 0n && deposit.withdrawalBlock <= head.block + WITHDRAWAL_MARGIN_BLOCKS) return null;
  // The head trails the chain, so no withdrawal counts as withdrawable here (the margin above ensures none can be).
  return { used: settled, balance: balanceAt(deposit, 0n), readAt: head.readAt, source: "index", recorded: Number(row.recorded) === 1 };
}

// readAt: Prisma decodes the DateTime column to a Date on both databases (lib/db-core.test.ts); `settled` is 0 or 1 (SQLite's a bigint).
type IndexRow = { headBlock: string; readAt: Date; sinceTime: string; available: string; withdrawing: string; withdrawalBlock: string; settled: number | bigint; recorded: number | bigint };

/**
 * The index head, the payer's deposit, whether the nonce is settled and whether the hub holds a payment
 * for it (the Payment table's unique key), in one raw statement (this runs on every Gateway payment:
 * four Prisma reads cost several times the work). No row without a head or
 * without the payer's deposit. Integers travel as text, so both databases' drivers decode them alike.
 */
async function indexRow(chainId: number, auth: Auth): Promise<IndexRow | null> {
  const [row] = await db.$queryRaw<IndexRow[]>`SELECT CAST(h."block" AS TEXT) AS "headBlock", h."readAt" AS "readAt", CAST(h."sinceTime" AS TEXT) AS "sinceTime",
    CAST(d."available" AS TEXT) AS "available", CAST(d."withdrawing" AS TEXT) AS "withdrawing", CAST(d."withdrawalBlock" AS TEXT) AS "withdrawalBlock",
    CASE WHEN EXISTS (SELECT 1 FROM "GatewaySettledNonce" s WHERE s."chainId" = ${chainId} AND s."payer" = ${auth.from} AND s."nonce" = ${auth.nonce}) THEN 1 ELSE 0 END AS "settled",
    CASE WHEN EXISTS (SELECT 1 FROM "Payment" p WHERE p."chainId" = ${chainId} AND p."payer" = ${auth.from} AND p."nonce" = ${auth.nonce}) THEN 1 ELSE 0 END AS "recorded"
    FROM "GatewayIndexHead" h JOIN "GatewayDeposit" d ON d."chainId" = h."chainId" AND d."depositor" = ${auth.from}
    WHERE h."chainId" = ${chainId}`;
  return row ?? null;
}

async function fromChain(auth: Auth): Promise<GatewayPayerState> {
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const client = publicClient();
  const readAt = new Date();
  const block = await chainRead("read the chain's head", () => client.getBlockNumber({ cacheTime: 0 }));
  const [used, state] = await Promise.all([
    chainRead("check the authorization nonce", () =>
      client.readContract({
        address: env.GATEWAY_WALLET_ADDRESS,
        abi: gatewayWalletAbi,
        functionName: "authorizationUsed",
        args: [auth.from, auth.nonce],
        blockNumber: block,
      }),
    ),
    readGatewayDeposit(auth.from, block),
  ]);
  if (env.GATEWAY_INDEX_INTERVAL_MS !== 0) await storeGatewayDeposit({ chainId, depositor: auth.from, block, state });
  return { used, balance: balanceAt(state, block), readAt, source: "chain" };
}
