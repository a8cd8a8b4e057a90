import { describe, expect, it } from "vitest";
import { parseEventList, webhookEventOf, WEBHOOK_EVENTS } from "./webhook-events";

describe("webhookEventOf", () => {
  const cases: Array<[string, string | undefined, string | null]> = [
    ["payment", undefined, "sale.completed"],
    ["payment", "pass", "pass.purchased"],
    ["tip", "settled", "tip.received"],
    ["tip", "held", "tip.held"],
    ["tip", "released", "tip.released"],
    ["tip", "refund", "tip.refunded"],
    ["tip", "void", null],
    ["rating", undefined, "rating.created"],
    ["quickshare", "unlock", "share.unlocked"],
    ["quickshare", "tip", "tip.received"],
    ["quickshare", "view", null],
    ["view", undefined, null],
    ["unlock", undefined, null],
  ];
  it.each(cases)("maps a %s row (subkind %s) to %s", (type, subkind, event) => {
    expect(webhookEventOf({ type: type as never, subkind })).toBe(event);
  });

  it("names only events an endpoint can subscribe to", () => {
    for (const [type, subkind, event] of cases) if (event) expect(WEBHOOK_EVENTS).toContain(webhookEventOf({ type: type as never, subkind }));
  });
});

describe("parseEventList", () => {
  it("reads the stored comma list, ignoring blanks and spaces", () => {
    expect([...parseEventList("sale.completed, tip.held,,")]).toEqual(["sale.completed", "tip.held"]);
  });
});
