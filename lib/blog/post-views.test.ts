import { beforeEach, describe, expect, it, vi } from "vitest";

// The database double records what each flush writes; the test decides whether a flush fails and
// which posts have an explore listing.
const writes = vi.hoisted(() => ({ flushes: [] as Array<Array<{ op: string; [k: string]: unknown }>>, fail: false, listed: new Set<string>() }));
vi.mock("@/lib/db", () => ({
  db: {
    $transaction: async (fn: (tx: unknown) => Promise<void>) => {
      if (writes.fail) throw new Error("database is locked");
      const ops: Array<{ op: string; [k: string]: unknown }> = [];
      const tx = {
        // A tagged template's call, or a Prisma.sql statement (bumpDailyMetric's, bumpCounters').
        $executeRaw: (sql: TemplateStringsArray | { strings: string[]; values: unknown[] }, ...values: unknown[]) => {
          const [strings, args] = "strings" in sql ? [sql.strings, sql.values] : [sql, values];
          const text = strings.join("?");
          return ops.push({ op: text.includes("BlogPost") ? "post" : "raw", sql: text, values: args });
        },
        content: {
          findMany: (args: { where: { OR: Array<{ siteId: string; externalId: string }> } }) =>
            args.where.OR.filter((w) => writes.listed.has(w.externalId)).map((w) => ({
              id: `c-${w.externalId}`, siteId: w.siteId, externalId: w.externalId, title: "T", url: "http://b/x", recipientWallet: "0x1", site: { domain: "b.localhost" },
            })),
          update: (args: { where: { id: string }; data: { views: { increment: number } } }) => ops.push({ op: "listing", id: args.where.id, views: args.data.views.increment }),
        },
        ledgerActivity: { createMany: (args: { data: unknown[] }) => ops.push({ op: "ledger", rows: args.data.length }) },
      };
      await fn(tx);
      writes.flushes.push(ops);
    },
  },
}));
vi.mock("@/lib/log/logger", () => ({ logger: () => ({ error: () => {} }) }));

const { countPostView, flushPostViews, VIEW_FLUSH_MS } = await import("./post-views");
const { lifecycle } = await import("@/lib/lifecycle/lifecycle");

const posts = (ops: Array<{ op: string; [k: string]: unknown }>) => ops.filter((o) => o.op === "post").map((o) => ({ post: (o.values as unknown[])[1], views: (o.values as unknown[])[0] }));

describe("blog post views (batched)", () => {
  beforeEach(async () => {
    writes.fail = false;
    writes.listed = new Set(["post:p1"]);
    await flushPostViews();
    writes.flushes.length = 0;
  });

  it("adds a second's views up and writes them in one transaction: the post's counter without its updatedAt; a listed post's listing, ledger rows and daily metrics", async () => {
    vi.useFakeTimers();
    try {
      countPostView({ siteId: "s1", postId: "p1" });
      countPostView({ siteId: "s1", postId: "p1" });
      countPostView({ siteId: "s1", postId: "p2" });
      expect(writes.flushes).toHaveLength(0); // nothing on the page's path
      await vi.advanceTimersByTimeAsync(VIEW_FLUSH_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(writes.flushes).toHaveLength(1);
    const [ops] = writes.flushes;
    expect(posts(ops!)).toEqual([{ post: "p1", views: 2 }, { post: "p2", views: 1 }]);
    expect(ops!.filter((o) => o.op === "post").every((o) => !String(o.sql).includes("updatedAt"))).toBe(true);
    // p1 is listed in explore: its listing, the daily metrics, two ledger view rows and their running
    // total move, in the hub's one lock order (docs/decisions.md).
    expect(ops!.filter((o) => o.op === "listing")).toEqual([{ op: "listing", id: "c-post:p1", views: 2 }]);
    expect(ops!.filter((o) => o.op === "ledger")).toEqual([{ op: "ledger", rows: 2 }]);
    expect(ops!.filter((o) => o.op === "raw").map((o) => String(o.sql))).toEqual([expect.stringContaining("DailyMetric"), expect.stringContaining("LedgerTotal")]);
  });

  it("keeps the views of a failed write and writes them with the next ones", async () => {
    countPostView({ siteId: "s1", postId: "p3" });
    writes.fail = true;
    await expect(flushPostViews()).rejects.toThrow("database is locked");
    countPostView({ siteId: "s1", postId: "p3" });
    writes.fail = false;
    await flushPostViews();
    expect(writes.flushes).toHaveLength(1);
    expect(posts(writes.flushes[0]!)).toEqual([{ post: "p3", views: 2 }]);
  });

  it("writes what is left when the instance drains", async () => {
    countPostView({ siteId: "s1", postId: "p4" });
    await lifecycle().drain();
    expect(posts(writes.flushes.at(-1)!)).toEqual([{ post: "p4", views: 1 }]);
  });
});
