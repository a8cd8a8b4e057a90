import "server-only";
import { randomUUID } from "node:crypto";
import { getAddress, isAddress } from "viem";
import type { DbOrTx } from "@/lib/db";
import type { OrderedStatement } from "@/lib/db-one-trip";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import type { ActivityInput } from "@/lib/ledger/activity-input";
import { formatUsdc } from "@/lib/money";
import { parseEventList, webhookEventOf, type WebhookEvent } from "./webhook-events";

export type WebhookTarget = { endpointId: string; event: WebhookEvent };

/**
 * The endpoints that want this ledger row. Cheap on the paid path: a row that is no event costs
 * nothing, and while no endpoint is enabled anywhere one indexed lookup answers. Otherwise the row's
 * site (websiteId, else its domain), that site's owners and the paid wallet (a share's owner for
 * share rows) name the endpoints: those of the site, and the wallet-wide ones of those owners.
 * Reads only, through the caller's client (inside its transaction when it passes one).
 */
export async function webhookTargets(input: ActivityInput, client: DbOrTx): Promise<WebhookTarget[]> {
  const event = webhookEventOf(input);
  if (!event) return [];
  // Raw: this read runs with every ledger row, and a Prisma findFirst costs about three times as much CPU.
  const any = await client.$queryRaw<unknown[]>`SELECT 1 AS "one" FROM "WebhookEndpoint" WHERE "enabled" = ${true} LIMIT 1`;
  endpointsMayExist = any.length > 0;
  if (!any.length) return [];

  const site = input.websiteId
    ? await client.site.findUnique({ where: { id: input.websiteId }, select: { id: true, ownerWallet: true } })
    : input.domain
      ? await client.site.findUnique({ where: { domain: input.domain.toLowerCase() }, select: { id: true, ownerWallet: true } })
      : null;
  const owners = new Set<string>();
  const add = (w: string | null | undefined) => {
    if (w && isAddress(w, { strict: false })) owners.add(getAddress(w));
  };
  if (site) {
    add(site.ownerWallet);
    const extra = await client.siteOwnerWallet.findMany({ where: { siteId: site.id, role: "owner" }, select: { wallet: true } });
    for (const o of extra) add(o.wallet);
  }
  // The creator paid: a sale's and a settled or released tip's recipient (a refund's recipient is the payer).
  if (event !== "tip.refunded") add(input.recipientWallet);
  if (input.type === "quickshare") add(await shareOwner(input, client));
  if (!site && owners.size === 0) return [];

  const endpoints = await client.webhookEndpoint.findMany({
    where: { enabled: true, OR: [...(site ? [{ siteId: site.id }] : []), ...(owners.size ? [{ siteId: null, ownerWallet: { in: [...owners] } }] : [])] },
    select: { id: true, events: true },
  });
  return endpoints.filter((e) => parseEventList(e.events).has(event)).map((e) => ({ endpointId: e.id, event }));
}

/**
 * Whether an enabled endpoint may exist anywhere, as this process last read it: true until a read
 * finds none, and again as soon as a guard (below) finds one.
 */
let endpointsMayExist = true;

/** A guard found an endpoint enabled since this process last read none: plan the row again, reading (`webhookTargets`). */
export class WebhookEndpointsAppeared extends Error {
  constructor() {
    super("A webhook endpoint was enabled since this process last looked: the row's deliveries must be read again");
  }
}

/**
 * webhookTargets for a row written in one atomic batch of statements (a sale run as one statement,
 * lib/x402/record-paid-unlock.ts). While this process last read no enabled endpoint anywhere, the read
 * is skipped (one round trip fewer on PostgreSQL) and a guard goes in the batch instead: a check that
 * still no endpoint is enabled, which fails the batch with WebhookEndpointsAppeared when one is (another
 * worker enabled it, say). The batch then rolls back whole and its writer plans it again with the read.
 * An event therefore exists exactly when its row does, as with the read.
 */
export async function webhookTargetsOrGuard(input: ActivityInput, client: DbOrTx): Promise<{ targets: WebhookTarget[]; guard: OrderedStatement | null }> {
  if (webhookEventOf(input) && !endpointsMayExist) return { targets: [], guard: noEndpointGuard };
  return { targets: await webhookTargets(input, client), guard: null };
}

const noEndpointGuard: OrderedStatement = {
  check: Prisma.sql`SELECT COUNT(*) AS "n" FROM (SELECT 1 AS "one" FROM "WebhookEndpoint" WHERE "enabled" = ${true} LIMIT 1) AS "e"`,
  atMost: 0n,
  fail: () => {
    endpointsMayExist = true;
    return new WebhookEndpointsAppeared();
  },
};

/** A share row names no share (docs/decisions.md #2): its owner is found through the payment or the unlock event. */
async function shareOwner(input: ActivityInput, client: DbOrTx): Promise<string | null> {
  if (input.paymentId) {
    const payment = await client.payment.findUnique({ where: { id: input.paymentId }, select: { resourceType: true, resourceId: true, recipient: true } });
    if (!payment) return null;
    if (payment.resourceType !== "quickshare") return payment.recipient;
    const share = await client.quickshare.findUnique({ where: { id: payment.resourceId }, select: { ownerWallet: true } });
    return share?.ownerWallet ?? null;
  }
  const eventId = input.sourceKey?.startsWith("quickshare-unlock:") ? input.sourceKey.slice("quickshare-unlock:".length) : null;
  if (!eventId) return null;
  const row = await client.quickshareEvent.findUnique({ where: { id: eventId }, select: { share: { select: { ownerWallet: true } } } });
  return row?.share.ownerWallet ?? null;
}

/** The body every attempt sends: `{ type, timestamp, data }` (Standard Webhooks). */
export function webhookPayload(event: string, ledgerId: string | null, input: ActivityInput & { timestamp: Date }): string {
  const money = (v: bigint | null | undefined) => (v === null || v === undefined ? null : formatUsdc(v));
  const data = {
    ledgerId,
    network: env.NETWORK_MODE,
    kind: input.type,
    subkind: input.subkind ?? null,
    websiteId: input.websiteId ?? null,
    domain: input.domain ?? null,
    contentId: input.contentId ?? null,
    contentTitle: input.contentTitle ?? null,
    contentUrl: input.contentUrl ?? null,
    currency: "USDC",
    amount: money(input.amountAtomic ?? 0n),
    amountAtomic: String(input.amountAtomic ?? 0n),
    revenue: money(input.revenueAtomic ?? 0n),
    protocolFee: money(input.protocolFeeAtomic),
    payer: input.payerWallet ?? null,
    recipient: input.recipientWallet ?? null,
    paymentId: input.paymentId ?? null,
    paymentProvider: input.paymentProvider ?? null,
    txHash: input.txHash ?? null,
    receiptUrl: input.receiptUrl ?? null,
    chainId: input.chainId ?? null,
    status: input.status ?? null,
    ...(input.type === "rating" && { score: input.score ?? null, stars: input.score == null ? null : input.score / 10, proof: input.proof ?? null, wallet: input.walletAddress ?? null }),
  };
  return JSON.stringify({ type: event, timestamp: input.timestamp.toISOString(), data });
}

/** A message id, the webhook-id of every attempt. */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, "")}`;

/** Queues one delivery per target, through the caller's client (the ledger row's transaction). */
export async function enqueueWebhooks(targets: WebhookTarget[], payloadOf: (event: string) => string, client: DbOrTx, now: Date): Promise<void> {
  const sql = webhookDeliveries(targets, payloadOf, now);
  if (sql) await client.$executeRaw(sql);
}

/** enqueueWebhooks' one statement (null without targets), for a caller that runs it with others (lib/db-one-trip.ts). */
export function webhookDeliveries(targets: WebhookTarget[], payloadOf: (event: string) => string, now: Date): Prisma.Sql | null {
  if (!targets.length) return null;
  const rows = targets.map((t) => Prisma.sql`(${newMessageId()}, ${t.endpointId}, ${env.NETWORK_MODE}, ${t.event}, ${payloadOf(t.event)}, ${"pending"}, ${0}, ${now}, ${now})`);
  return Prisma.sql`INSERT INTO "WebhookDelivery" ("id", "endpointId", "network", "eventType", "payload", "status", "attempts", "nextAttemptAt", "createdAt") VALUES ${Prisma.join(rows)}`;
}
