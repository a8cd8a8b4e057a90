import type { ActivityInput } from "@/lib/ledger/activity-input";

/** The events an endpoint may subscribe to (README "Webhooks", docs/webhooks.md). */
export const WEBHOOK_EVENTS = [
  "sale.completed",
  "pass.purchased",
  "tip.received",
  "tip.held",
  "tip.released",
  "tip.refunded",
  "rating.created",
  "share.unlocked",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent by the dashboard's "Send test event" only; no endpoint subscribes to it. */
export const TEST_EVENT = "webhook.test";

const TIP_EVENTS: Record<string, WebhookEvent> = { settled: "tip.received", held: "tip.held", released: "tip.released", refund: "tip.refunded" };

/**
 * The webhook event a ledger row is, or null for rows no creator subscribes to (views, widget
 * unlocks, a voided hold). Pure: every ledger row passes here, so it must stay cheap.
 */
export function webhookEventOf(input: Pick<ActivityInput, "type" | "subkind">): WebhookEvent | null {
  switch (input.type) {
    case "payment":
      return input.subkind === "pass" ? "pass.purchased" : "sale.completed";
    case "tip":
      return TIP_EVENTS[input.subkind ?? ""] ?? null;
    case "rating":
      return "rating.created";
    case "quickshare":
      if (input.subkind === "unlock") return "share.unlocked";
      if (input.subkind === "tip") return "tip.received";
      return null;
    default:
      return null;
  }
}

/** An endpoint's stored event list (comma-separated) as a set. */
export function parseEventList(events: string): Set<string> {
  return new Set(events.split(",").map((e) => e.trim()).filter(Boolean));
}
