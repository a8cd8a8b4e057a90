import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { safeFetch, SafeFetchError, type AllowedHost } from "@/lib/net/safe-fetch";
import { parseSiteFetchAllowlist } from "@/lib/sites/site-fetch-allowlist";
import { acquireLeaderLock } from "@/lib/x402/acquire-leader-lock";
import { openWebhookSecret } from "./webhook-secret";

export const WEBHOOK_LOCK = "webhook-deliverer";
export const WEBHOOK_HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/** Retries stop once the next attempt would fall more than this long after the event. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Deliveries attempted at once in one pass (each bounded by WEBHOOK_TIMEOUT_MS). */
const BATCH = 16;

/** The wait before attempt `attempts + 1`: WEBHOOK_RETRY_BASE_MS doubled after each failure, ±10 % jitter. */
export function retryDelayMs(attempts: number, base = env.WEBHOOK_RETRY_BASE_MS): number {
  const exact = base * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
  return Math.round(exact * (0.9 + Math.random() * 0.2));
}

let allowlist: { raw: string; parsed: AllowedHost[] } | undefined;
/** Loopback receivers are reachable only where SITE_FETCH_ALLOW_HOSTS (tests, local development) says so. */
function allowHosts(): AllowedHost[] {
  if (allowlist?.raw !== env.SITE_FETCH_ALLOW_HOSTS) allowlist = { raw: env.SITE_FETCH_ALLOW_HOSTS, parsed: parseSiteFetchAllowlist(env.SITE_FETCH_ALLOW_HOSTS) };
  return allowlist.parsed;
}

/**
 * One pass of the delivery worker: when this process holds the webhook lease, attempts every due
 * delivery of an enabled endpoint (oldest first, up to BATCH at once). Each attempt is signed afresh
 * (Standard Webhooks: same webhook-id and body, the attempt's own webhook-timestamp), goes through
 * the SSRF guard, and is written to the attempt log. A 2xx delivers; anything else (another status,
 * a refusal, a timeout) is retried with exponential backoff until a day after the event, then fails.
 */
export async function deliverWebhooks({ holder = WEBHOOK_HOLDER }: { holder?: string } = {}): Promise<{ leader: boolean; attempted: number }> {
  const ttlMs = Math.max(30_000, env.WEBHOOK_INTERVAL_MS * 6, env.WEBHOOK_TIMEOUT_MS * 3);
  if (!(await acquireLeaderLock({ name: WEBHOOK_LOCK, holder, ttlMs }))) return { leader: false, attempted: 0 };
  const due = await db.webhookDelivery.findMany({
    where: { network: env.NETWORK_MODE, status: "pending", nextAttemptAt: { lte: new Date() }, endpoint: { enabled: true } },
    orderBy: { nextAttemptAt: "asc" },
    take: BATCH,
    include: { endpoint: { select: { url: true, secretSealed: true } } },
  });
  await Promise.all(due.map((d) => attempt(d).catch((err) => logger().error({ err, deliveryId: d.id }, "webhook delivery failed to record"))));
  return { leader: true, attempted: due.length };
}

type Due = { id: string; payload: string; attempts: number; createdAt: Date; endpoint: { url: string; secretSealed: string } };

async function attempt(d: Due): Promise<void> {
  const started = new Date();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    // A secret the server key cannot open (BLOB_KEY changed) fails the attempt like any other error.
    const headers = {
      "content-type": "application/json",
      "user-agent": "PaidContentHub-Webhooks/1.0",
      "webhook-id": d.id,
      "webhook-timestamp": String(Math.floor(started.getTime() / 1000)),
      "webhook-signature": new Webhook(openWebhookSecret(d.endpoint.secretSealed)).sign(d.id, started, d.payload),
    };
    const res = await safeFetch(d.endpoint.url, { method: "POST", headers, body: d.payload, timeoutMs: env.WEBHOOK_TIMEOUT_MS, maxBytes: 256 * 1024, allowHosts: allowHosts() });
    statusCode = res.status;
    if (res.status < 200 || res.status > 299) error = `answered ${res.status}`;
  } catch (err) {
    error = err instanceof SafeFetchError ? `${err.reason}: ${err.message}` : (err as Error).message;
  }
  const finished = new Date();
  const attempts = d.attempts + 1;
  const next = new Date(finished.getTime() + retryDelayMs(attempts));
  const givingUp = error !== null && next.getTime() > d.createdAt.getTime() + RETRY_WINDOW_MS;
  await db.$transaction(async (tx) => {
    const moved = await tx.webhookDelivery.updateMany({
      where: { id: d.id, status: "pending", attempts: d.attempts },
      data: error === null
        ? { status: "delivered", attempts, lastStatus: statusCode, lastError: null, deliveredAt: finished }
        : { status: givingUp ? "failed" : "pending", attempts, lastStatus: statusCode, lastError: error.slice(0, 500), nextAttemptAt: next },
    });
    if (moved.count !== 1) return; // another worker recorded this attempt number (a lease handover)
    await tx.webhookAttempt.create({
      data: { deliveryId: d.id, attempt: attempts, at: started, statusCode, error: error?.slice(0, 500) ?? null, durationMs: finished.getTime() - started.getTime() },
    });
  });
}
