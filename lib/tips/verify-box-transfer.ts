import "server-only";
import { getAddress, isAddressEqual, parseEventLogs, type Address, type Hex } from "viem";
import { publicClient } from "@/lib/chain/clients";
import { usdcAbi } from "@/lib/chain/abis";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { formatUsdc } from "@/lib/money";

export type BoxTransfer = { payer: Address; amountAtomic: bigint; blockNumber: bigint; logIndex: number };

/**
 * Checks that `txHash` is a mined, successful transaction whose USDC Transfer logs (emitted by the
 * USDC contract itself; Arc's 18-decimal system-address echo is ignored) move at least `minAmount`
 * from the payer into `box`. The payer is `payer` when given, else the one sender of such logs.
 * Answers 402 payment-invalid when the transfer does not verify.
 */
export async function verifyBoxTransfer(opts: { txHash: Hex; box: Address; minAmount: bigint; payer?: Address }): Promise<BoxTransfer> {
  const client = publicClient();
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: opts.txHash });
  } catch (err) {
    if ((err as Error).name === "TransactionReceiptNotFoundError") {
      throw new ApiError("payment-invalid", `Transaction ${opts.txHash} is not mined on this chain (yet); retry once it is`);
    }
    throw new ApiError("chain-unavailable", `Could not read transaction ${opts.txHash}: ${(err as Error).message.split("\n")[0]}`);
  }
  if (receipt.status !== "success") throw new ApiError("payment-invalid", `Transaction ${opts.txHash} reverted`);

  const usdc = env.USDC_ADDRESS;
  const transfers = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs }).filter(
    (log) => isAddressEqual(log.address, usdc) && isAddressEqual(log.args.to, opts.box),
  );
  if (!transfers.length) throw new ApiError("payment-invalid", `Transaction ${opts.txHash} moves no USDC into the holding box ${opts.box}`);

  const senders = [...new Set(transfers.map((t) => getAddress(t.args.from)))];
  let payer: Address;
  if (opts.payer) {
    payer = getAddress(opts.payer);
    if (!senders.includes(payer)) throw new ApiError("payment-invalid", `Transaction ${opts.txHash} moves no USDC from ${payer} into the holding box`);
  } else {
    if (senders.length !== 1) throw new ApiError("invalid-request", "walletAddress: the transaction has several senders into the box; name the payer");
    payer = senders[0]!;
  }
  const mine = transfers.filter((t) => isAddressEqual(t.args.from, payer));
  const amountAtomic = mine.reduce((sum, t) => sum + t.args.value, 0n);
  if (amountAtomic < opts.minAmount) {
    throw new ApiError("payment-invalid", `Transaction ${opts.txHash} moves ${formatUsdc(amountAtomic)} USDC into the box, less than ${formatUsdc(opts.minAmount)}`);
  }
  const last = mine[mine.length - 1]!;
  return { payer, amountAtomic, blockNumber: receipt.blockNumber, logIndex: last.logIndex };
}
