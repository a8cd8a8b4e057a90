import "server-only";
import { env } from "@/lib/env";
import { releaseLeaderLock } from "../acquire-leader-lock";
import { startLeaderLoop, type LeaderLoop } from "../leader-loop";
import { followGatewayDeposits, INDEX_HOLDER, INDEX_LOCK } from "./follow-gateway-deposits";

/**
 * Follows the Gateway Wallet into the deposit index every GATEWAY_INDEX_INTERVAL_MS (0: no index;
 * payments read the chain). One instance at a time holds the index lease; the others read the index.
 */
export function startGatewayIndex(): LeaderLoop {
  return startLeaderLoop({
    name: "gateway index",
    interval: env.GATEWAY_INDEX_INTERVAL_MS,
    pass: () => followGatewayDeposits(),
    onStop: () => releaseLeaderLock({ name: INDEX_LOCK, holder: INDEX_HOLDER }),
  });
}
