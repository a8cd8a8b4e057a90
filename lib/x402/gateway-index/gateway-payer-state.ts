import "server-only";
import type { Address, Hex } from "viem";
import { gatewayWalletAbi } from "@/lib/chain/abis";
import { chainRead } from "@/lib/chain/chain-read";
import { publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics/metrics";
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
  const indexed = chain ? null : await fromIndex(auth);
  const state = indexed ?? (await fromChain(auth));
  metrics().gatewayDepositChecks.inc({ source: state.source });
  return state;
}

/**
 * The index answers when its last completed pass began within GATEWAY_INDEX_MAX_LAG_MS, it holds the
 * payer's deposit, the authorization cannot have been settled before the index began (its validAfter
 * is not earlier: the contract settles an authorization only after validAfter), and no withdrawal of
 * the payer is near its unlock block. Otherwise null.
 */
async function fromIndex(auth: Auth): Promise<GatewayPayerState | null> {
  if (env.GATEWAY_INDEX_INTERVAL_MS === 0) return null;
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  const [head, deposit, settled] = await Promise.all([
    db.gatewayIndexHead.findUnique({ where: { chainId } }),
    db.gatewayDeposit.findUnique({ where: { chainId_depositor: { chainId, depositor: auth.from } } }),
    db.gatewaySettledNonce.findUnique({ where: { chainId_payer_nonce: { chainId, payer: auth.from, nonce: auth.nonce } } }),
  ]);
  if (!head || !deposit) return null;
  if (Date.now() - head.readAt.getTime() > env.GATEWAY_INDEX_MAX_LAG_MS) return null;
  if (auth.validAfter < head.sinceTime && !settled) return null;
  if (deposit.withdrawing > 0n && deposit.withdrawalBlock <= head.block + WITHDRAWAL_MARGIN_BLOCKS) return null;
  // The head trails the chain, so no withdrawal counts as withdrawable here (the margin above ensures none can be).
  return { used: settled !== null, balance: balanceAt(deposit, 0n), readAt: head.readAt, source: "index" };
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
