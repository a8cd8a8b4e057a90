import "server-only";
import { getAddress, isAddressEqual, parseEventLogs, type Hex } from "viem";
import { usdcAbi } from "@/lib/chain/abis";
import { publicClient } from "@/lib/chain/clients";
import { NETWORKS } from "@/lib/chain/networks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { formatUsdc } from "@/lib/money";
import { toActivity } from "./list-activities";

export const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export type TransactionView = {
  hash: Hex;
  network: string;
  chainLabel: string;
  explorerUrl: string | null;
  activities: ReturnType<typeof toActivity>[];
  chain:
    | { found: true; status: "success" | "reverted"; blockNumber: string; from: string; to: string | null; transfers: { from: string; to: string; amount: string }[] }
    | { found: false; reason: string };
};

/**
 * What the public ledger knows about one transaction hash (its rows, shaped exactly as the ledger
 * shows them, so quickshare rows stay anonymous) and what the chain says: status, block, sender
 * and the USDC transfers of the USDC contract itself (6-decimal logs only).
 */
export async function transactionView({ hash }: { hash: Hex }): Promise<TransactionView> {
  const rows = await db.ledgerActivity.findMany({
    where: { network: env.NETWORK_MODE, txHash: { in: [hash, hash.toLowerCase()] } },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: 100,
  });
  const net = NETWORKS[env.NETWORK_MODE];
  return {
    hash,
    network: env.NETWORK_MODE,
    chainLabel: env.DEV_CHAIN ? `${net.label} (local chain)` : net.label,
    explorerUrl: env.EXPLORER_URL ? `${env.EXPLORER_URL}/tx/${hash}` : null,
    activities: rows.map(toActivity),
    chain: await readReceipt(hash),
  };
}

async function readReceipt(hash: Hex): Promise<TransactionView["chain"]> {
  try {
    const receipt = await publicClient().getTransactionReceipt({ hash });
    const usdc = getAddress(env.USDC_ADDRESS);
    const transfers = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs })
      .filter((l) => isAddressEqual(l.address, usdc))
      .map((l) => ({ from: l.args.from, to: l.args.to, amount: formatUsdc(l.args.value) }));
    return { found: true, status: receipt.status, blockNumber: receipt.blockNumber.toString(), from: receipt.from, to: receipt.to ?? null, transfers };
  } catch (err) {
    const name = (err as Error).name;
    return { found: false, reason: name === "TransactionReceiptNotFoundError" ? "The chain has no receipt for this hash (yet)." : "The chain could not be reached; try again later." };
  }
}
