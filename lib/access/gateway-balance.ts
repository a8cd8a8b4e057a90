import "server-only";
import { getAddress } from "viem";
import { NETWORKS } from "@/lib/chain/networks";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { lockedGatewayAmount } from "@/lib/x402/locked-gateway-amount";
import { readGatewayBalance } from "@/lib/x402/read-gateway-balance";

/**
 * POST /quickshare/gateway/balance: a depositor's USDC in the Gateway Wallet, read on chain, and
 * what the hub can still accept from it — the deposit settlement can draw on (available, plus a
 * withdrawing balance still inside its delay) minus gateway payments accepted but not yet settled.
 * 503 when the chain does not answer.
 */
export async function gatewayBalance({ wallet }: { wallet: string }) {
  const depositor = getAddress(wallet);
  const readAt = new Date();
  const balance = await readGatewayBalance(depositor);
  const locked = await lockedGatewayAmount({ chainId: NETWORKS[env.NETWORK_MODE].chainId, payer: depositor, balanceReadAt: readAt });
  const spendable = balance.spendable > locked ? balance.spendable - locked : 0n;
  const total = balance.available + balance.withdrawing;
  const atomic = { available: balance.available, total, withdrawing: balance.withdrawing, withdrawable: balance.withdrawable, locked, spendable };
  return {
    success: true as const,
    wallet: depositor,
    token: getAddress(env.USDC_ADDRESS),
    gatewayWallet: getAddress(env.GATEWAY_WALLET_ADDRESS),
    ...(Object.fromEntries(Object.entries(atomic).map(([k, v]) => [k, formatUsdc(v)])) as Record<keyof typeof atomic, string>),
    atomic: Object.fromEntries(Object.entries(atomic).map(([k, v]) => [k, v.toString()])) as Record<keyof typeof atomic, string>,
  };
}
