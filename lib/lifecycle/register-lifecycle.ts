import { logger } from "@/lib/log/logger";
import { handleRequest } from "./handle-request";
import { lifecycle } from "./lifecycle";

// server.mjs looks the hooks up under this key (it runs outside Next's bundles).
const KEY = Symbol.for("paid-content-hub.lifecycle");

/**
 * Registers this instance's hooks for server.mjs: `handle` wraps every request (id, access log,
 * metrics, in-flight count, refusal while draining), `drain` is awaited on SIGTERM/SIGINT before the
 * process exits, `log` writes the server's own lines through the JSON logger. `onDrain` steps run
 * after the last request in flight has answered.
 */
export function registerLifecycle({ onDrain = [] }: { onDrain?: Array<() => Promise<void> | void> } = {}): void {
  const life = lifecycle();
  for (const step of onDrain) life.onDrain(step);
  (globalThis as Record<symbol, unknown>)[KEY] = {
    handle: handleRequest,
    drain: async () => {
      const t0 = Date.now();
      logger().info({ inFlight: life.inFlight }, "draining: no new requests; finishing requests in flight");
      await life.drain();
      logger().info({ ms: Date.now() - t0 }, "drained: requests finished, settler stopped and its lease released");
    },
    log: (level: "info" | "error", msg: string, fields?: Record<string, unknown>) => logger()[level](fields ?? {}, msg),
  };
}
