import "server-only";
import { BaseError, ContractFunctionRevertedError, type Address, type Hex, type TransactionReceipt } from "viem";
import { holdingBoxFactoryAbi } from "@/lib/chain/abis";
import { publicClient, relayerClient } from "@/lib/chain/clients";
import { ApiError } from "@/lib/http/errors";

type BoxCall =
  | { functionName: "release"; args: readonly [Hex, Address, Address, bigint] }
  | { functionName: "refund"; args: readonly [Hex, Address, bigint] };

/**
 * Simulates a HoldingBoxFactory call as the hub's relayer (the factory's operator) and broadcasts it.
 * Anything that fails here failed before a transaction existed: 502, and nothing moved.
 */
export async function submitBoxCall(factory: Address, call: BoxCall): Promise<Hex> {
  const relayer = relayerClient();
  try {
    const { request } = await publicClient().simulateContract({
      account: relayer.account,
      address: factory,
      abi: holdingBoxFactoryAbi,
      ...call,
    } as Parameters<ReturnType<typeof publicClient>["simulateContract"]>[0]);
    return await relayer.writeContract(request as Parameters<typeof relayer.writeContract>[0]);
  } catch (err) {
    throw new ApiError("bad-gateway", `HoldingBoxFactory.${call.functionName} failed: ${reason(err)}; nothing was paid out`);
  }
}

/** Waits for the receipt of a broadcast box call. Null when it did not arrive in time (outcome unknown). */
export async function awaitBoxCall(hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await publicClient().waitForTransactionReceipt({ hash, timeout: 60_000 });
  } catch {
    return null;
  }
}

function reason(err: unknown): string {
  if (err instanceof BaseError) {
    const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) return `reverted with ${revert.data?.errorName ?? revert.reason ?? "no reason"}`;
    return err.shortMessage;
  }
  return (err as Error).message?.split("\n")[0] ?? String(err);
}
