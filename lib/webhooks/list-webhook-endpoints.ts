import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { webhookEndpointListResponse } from "@/lib/schemas/webhooks";
import { WEBHOOK_EVENTS } from "./webhook-events";
import { toWebhookEndpointView } from "./webhook-views";

/** The wallet's endpoints, newest first (never the secrets), and the events there are. */
export async function listWebhookEndpoints({ wallet }: { wallet: string }): Promise<z.input<typeof webhookEndpointListResponse>> {
  const rows = await db.webhookEndpoint.findMany({ where: { ownerWallet: wallet }, orderBy: { createdAt: "desc" }, take: 100 });
  const siteIds = [...new Set(rows.map((r) => r.siteId).filter((id): id is string => !!id))];
  const sites = siteIds.length ? await db.site.findMany({ where: { id: { in: siteIds } }, select: { id: true, domain: true } }) : [];
  const domains = new Map(sites.map((s) => [s.id, s.domain]));
  return { success: true, events: [...WEBHOOK_EVENTS], endpoints: rows.map((r) => toWebhookEndpointView(r, r.siteId ? (domains.get(r.siteId) ?? null) : null)) };
}
