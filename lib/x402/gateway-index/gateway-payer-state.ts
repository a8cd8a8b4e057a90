import "server-only";
import type { Address, Hex } from "viem";
import { gatewayWalletAbi } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import type { OrderedStatement } from "@/lib/db-one-trip";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import { metrics } from "@/lib/metrics/metrics";
import { lockedGatewayAmountQuery } from "../locked-gateway-amount";
import { paymentByNonce } from "../payment-by-nonce";
import { PaymentRejected } from "../payment-rejected";
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
 * the same statement. The read a caller makes before a sale (verify); a sale without it asks the index
 * in its own batch (indexedSaleCheck).
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
 * the payer is near its unlock block. Otherwise null. The rules are `indexAnswers`, the same SQL the
 * sale's own check runs (`indexedSaleCheck`).
 */
async function fromIndex(auth: Auth): Promise<(GatewayPayerState & { recorded: boolean }) | null> {
  if (!depositIndexOn()) return null;
  const row = await indexRow(NETWORKS[env.NETWORK_MODE].chainId, auth);
  if (!row || Number(row.answers) !== 1) return null;
  const deposit = { available: BigInt(row.available), withdrawing: BigInt(row.withdrawing), withdrawalBlock: BigInt(row.withdrawalBlock) };
  // The head trails the chain, so no withdrawal counts as withdrawable here (indexAnswers' margin ensures none can be).
  return { used: Number(row.settled) === 1, balance: balanceAt(deposit, 0n), readAt: new Date(row.readAt), source: "index", recorded: Number(row.recorded) === 1 };
}

// readAt: Prisma decodes the DateTime column to a Date on both databases (lib/db-core.test.ts); the flags are 0 or 1 (SQLite's a bigint).
type IndexRow = { readAt: Date; available: string; withdrawing: string; withdrawalBlock: string; answers: number | bigint; settled: number | bigint; recorded: number | bigint };

/** validAfter is a uint256; the head's sinceTime a block's time in seconds. Above this bound (2^62) the two compare alike and the value still fits an int8. */
const VALID_AFTER_BOUND = 1n << 62n;

/** The Gateway Wallet settled this authorization (the index's settled nonces). */
function settledSql(chainId: number, auth: Auth): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM "GatewaySettledNonce" s WHERE s."chainId" = ${chainId} AND s."payer" = ${auth.from} AND s."nonce" = ${auth.nonce})`;
}

/**
 * fromIndex's rules as a condition on the head `h` and the payer's deposit `d`: the head was read within
 * GATEWAY_INDEX_MAX_LAG_MS, the authorization is not older than the index or is among its settled nonces,
 * and no withdrawal is near its unlock block.
 */
function indexAnswers(chainId: number, auth: Auth): Prisma.Sql {
  const validAfter = auth.validAfter < VALID_AFTER_BOUND ? auth.validAfter : VALID_AFTER_BOUND;
  return Prisma.sql`h."readAt" >= ${new Date(Date.now() - env.GATEWAY_INDEX_MAX_LAG_MS)}
    AND (h."sinceTime" <= ${validAfter} OR ${settledSql(chainId, auth)})
    AND NOT (d."withdrawing" > 0 AND d."withdrawalBlock" <= h."block" + ${WITHDRAWAL_MARGIN_BLOCKS})`;
}

/** The head and the payer's deposit, joined: `h` and `d`. No row without a head or without the payer's deposit. */
function headAndDeposit(chainId: number, auth: Auth): Prisma.Sql {
  return Prisma.sql`"GatewayIndexHead" h JOIN "GatewayDeposit" d ON d."chainId" = h."chainId" AND d."depositor" = ${auth.from} WHERE h."chainId" = ${chainId}`;
}

/**
 * The payer's deposit, whether the index answers (indexAnswers), whether the nonce is settled and whether
 * the hub holds a payment for it (the Payment table's unique key), in one raw statement (this runs on
 * every Gateway payment a caller checks before its sale: four Prisma reads cost several times the work).
 * Integers travel as text, so both databases' drivers decode them alike.
 */
async function indexRow(chainId: number, auth: Auth): Promise<IndexRow | null> {
  const [row] = await db.$queryRaw<IndexRow[]>`SELECT h."readAt" AS "readAt",
    CAST(d."available" AS TEXT) AS "available", CAST(d."withdrawing" AS TEXT) AS "withdrawing", CAST(d."withdrawalBlock" AS TEXT) AS "withdrawalBlock",
    CASE WHEN ${indexAnswers(chainId, auth)} THEN 1 ELSE 0 END AS "answers",
    CASE WHEN ${settledSql(chainId, auth)} THEN 1 ELSE 0 END AS "settled",
    CASE WHEN EXISTS (SELECT 1 FROM "Payment" p WHERE p."chainId" = ${chainId} AND p."payer" = ${auth.from} AND p."nonce" = ${auth.nonce}) THEN 1 ELSE 0 END AS "recorded"
    FROM ${headAndDeposit(chainId, auth)}`;
  return row ?? null;
}

/**
 * The deposit index could not decide a sale checked by `indexedSaleCheck`: it does not answer for this
 * payer now (`short` false), or it finds the deposit short (`short` true), which only the chain may
 * refuse. Nothing was written: the sale's transaction failed.
 */
export class IndexUndecided extends Error {
  constructor(readonly short: boolean) {
    super(short ? "the deposit index finds the Gateway deposit short" : "the deposit index does not answer for this payer");
  }
}

/** Whether the hub follows the Gateway Wallet's deposits (GATEWAY_INDEX_INTERVAL_MS); without it every payer is read on chain. */
export function depositIndexOn(): boolean {
  return env.GATEWAY_INDEX_INTERVAL_MS !== 0;
}

/**
 * A sale's deposit check from the deposit index, for the sale's own ordered batch after its Payment row
 * and under the payer's lock: the payer's state is not read before the sale. One statement decides:
 * 0, the index answers, the nonce is not settled and the deposit covers what the payer's locked payments
 * owe, this one included; else the sale fails and writes nothing: 1, the index does not answer
 * (IndexUndecided), 2, the Gateway Wallet settled this nonce (nonce_used), 3, the deposit looks short
 * (IndexUndecided `short`: the chain decides). The rules are fromIndex's (indexAnswers).
 *
 * The owed sum counts payments marked settled since GATEWAY_INDEX_MAX_LAG_MS (plus the skew) before now,
 * not since the head's read, which the index's answer puts no earlier: it may count a settled payment the
 * deposit already reflects, never miss one it does not. Erring that way costs at most a read on chain.
 */
export function indexedSaleCheck(auth: Auth & { value: bigint }): OrderedStatement {
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const owed = lockedGatewayAmountQuery({ chainId, payer: auth.from, balanceReadAt: new Date(Date.now() - env.GATEWAY_INDEX_MAX_LAG_MS) });
  return {
    check: Prisma.sql`SELECT CASE
      WHEN NOT EXISTS (SELECT 1 FROM ${headAndDeposit(chainId, auth)} AND ${indexAnswers(chainId, auth)}) THEN 1
      WHEN ${settledSql(chainId, auth)} THEN 2
      WHEN CAST((${owed}) AS BIGINT) > (SELECT d."available" + d."withdrawing" FROM "GatewayDeposit" d WHERE d."chainId" = ${chainId} AND d."depositor" = ${auth.from}) THEN 3
      ELSE 0 END AS "decided"`,
    atMost: 0n,
    fail: (decided: bigint) => {
      if (decided !== 1n) countIndexedSale();
      if (decided === 2n) return new PaymentRejected("nonce_used", "The Gateway Wallet has already settled an authorization with this nonce");
      return new IndexUndecided(decided === 3n);
    },
  };
}

/** A sale's deposit check was the index's (hub_gateway_deposit_checks_total): indexedSaleCheck decided it, through or not. */
export function countIndexedSale(): void {
  metrics().gatewayDepositChecks.inc({ source: "index" });
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
  if (depositIndexOn()) await storeGatewayDeposit({ chainId, depositor: auth.from, block, state });
  return { used, balance: balanceAt(state, block), readAt, source: "chain" };
}
