import { beforeEach, describe, expect, it, vi } from "vitest";

// The database double records what each flush would write; the test decides whether a flush fails.
const writes = vi.hoisted(() => ({ batches: [] as unknown[][], fail: false }));
vi.mock("@/lib/db", () => ({
  db: {
    $executeRaw: (sql: TemplateStringsArray, ...values: unknown[]) => ({ post: values[1], views: values[0], sql: sql.join("?") }),
    content: { updateMany: (args: { where: { externalId: string }; data: { views: { increment: number } } }) => ({ listing: args.where.externalId, views: args.data.views.increment }) },
    $transaction: async (ops: unknown[]) => {
      if (writes.fail) throw new Error("database is locked");
      writes.batches.push(ops);
    },
  },
}));
vi.mock("@/lib/log/logger", () => ({ logger: () => ({ error: () => {} }) }));

const { countPostView, flushPostViews, VIEW_FLUSH_MS } = await import("./post-views");
const { lifecycle } = await import("@/lib/lifecycle/lifecycle");

describe("blog post views (batched)", () => {
  beforeEach(async () => {
    writes.fail = false;
    await flushPostViews();
    writes.batches.length = 0;
  });

  it("adds a second's views up and writes them in one transaction: the post's counter without its updatedAt, and its listing", async () => {
    vi.useFakeTimers();
    try {
      countPostView({ siteId: "s1", postId: "p1" });
      countPostView({ siteId: "s1", postId: "p1" });
      countPostView({ siteId: "s1", postId: "p2" });
      expect(writes.batches).toHaveLength(0); // nothing on the page's path
      await vi.advanceTimersByTimeAsync(VIEW_FLUSH_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(writes.batches).toHaveLength(1);
    const [batch] = writes.batches as Array<Array<Record<string, unknown>>>;
    expect(batch).toHaveLength(4);
    expect(batch[0]).toMatchObject({ post: "p1", views: 2 });
    expect(String(batch[0]!.sql)).not.toContain("updatedAt");
    expect(batch[1]).toMatchObject({ views: 2 });
    expect(batch[2]).toMatchObject({ post: "p2", views: 1 });
  });

  it("keeps the views of a failed write and writes them with the next ones", async () => {
    countPostView({ siteId: "s1", postId: "p3" });
    writes.fail = true;
    await expect(flushPostViews()).rejects.toThrow("database is locked");
    countPostView({ siteId: "s1", postId: "p3" });
    writes.fail = false;
    await flushPostViews();
    expect(writes.batches).toHaveLength(1);
    expect(writes.batches[0]![0]).toMatchObject({ post: "p3", views: 2 });
  });

  it("writes what is left when the instance drains", async () => {
    countPostView({ siteId: "s1", postId: "p4" });
    await lifecycle().drain();
    expect(writes.batches.at(-1)![0]).toMatchObject({ post: "p4", views: 1 });
  });
});
