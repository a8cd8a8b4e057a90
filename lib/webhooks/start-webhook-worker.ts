import "server-only";
import { env } from "@/lib/env";
import { releaseLeaderLock } from "@/lib/x402/acquire-leader-lock";
import { startLeaderLoop, type LeaderLoop } from "@/lib/x402/leader-loop";
import { deliverWebhooks, WEBHOOK_HOLDER, WEBHOOK_LOCK } from "./deliver-webhooks";

/**
 * Runs the webhook delivery worker every WEBHOOK_INTERVAL_MS in this process (0 disables it). Every
 * instance may start it; the database lease lets one deliver at a time, and stopping hands it back.
 */
export function startWebhookWorker(): LeaderLoop {
  return startLeaderLoop({
    name: "webhooks",
    interval: env.WEBHOOK_INTERVAL_MS,
    pass: () => deliverWebhooks(),
    onStop: () => releaseLeaderLock({ name: WEBHOOK_LOCK, holder: WEBHOOK_HOLDER }),
  });
}
