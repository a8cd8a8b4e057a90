import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { getChainInfo } from "@/lib/chain/chain-info";

/** Liveness of the hub's two dependencies. The chain being down degrades, it does not kill, the hub. */
export async function health() {
  const [database, chain] = await Promise.all([
    db.$queryRawUnsafe("SELECT 1").then(() => "ok" as const, () => "down" as const),
    getChainInfo().then(
      (info) => ({ status: "ok" as const, chainId: info.chainId, usdc: info.usdc }),
      (err: Error) => ({ status: "down" as const, details: err.message }),
    ),
  ]);
  return { success: database === "ok", network: env.NETWORK_MODE, database, chain };
}
