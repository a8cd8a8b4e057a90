// Maintained counters (lib/counters/) equal a recount of the rows they stand for, after writes of every
// kind that moves them: content added by events, a content type changed, content deleted, a site deleted
// with its content (cascade), ledger rows of views and unlocks. Other suites write meanwhile, so the
// comparison is polled until it holds (a counter moves in the same transaction as its row, but a
// recount of two tables is two reads).
import { afterAll, describe, expect, it } from "vitest";
import { recountCounters } from "../../lib/counters/recount-counters";
import { testDb } from "../support/db";
import { api } from "../support/hub";
import { cleanupRun, createSite, RUN, siteEvent as event } from "../support/sites";
import { eventually } from "../support/x402";

const db = testDb();
afterAll(cleanupRun);

const equalToRecount = () => eventually(async () => (await recountCounters()).length === 0 || null, { what: "counters equal to a recount" }).catch(async (err) => {
  throw new Error(`${err}: ${JSON.stringify(await recountCounters())}`);
});

describe("maintained counters", () => {
  it("equal a recount after content and ledger writes of every kind, and stats read them", async () => {
    await equalToRecount();
    const a = await createSite({ name: `Count A ${RUN}` });
    const b = await createSite({ name: `Count B ${RUN}` });
    const ids = [];
    for (const [s, id, type] of [[a, "x1", "article"], [a, "x2", "music"], [b, "y1", "video"], [b, "y2", "video"]] as const) {
      ids.push(await event(s, "resource_view", id, { title: `Counted ${id} ${RUN}`, type }));
      await event(s, "unlock_completed", id);
    }
    await event(a, "resource_view", "x1", { type: "document" }); // a changed type moves the count between types
    expect(await db.contentCount.findUnique({ where: { network_siteId_contentType: { network: "testnet", siteId: a.id, contentType: "document" } } })).toMatchObject({ n: 1 });
    await equalToRecount();

    await db.content.delete({ where: { id: ids[1]! } });
    await db.site.delete({ where: { id: b.id } }); // its two items go with it
    await equalToRecount();
    const kept = await db.contentCount.findMany({ where: { siteId: { in: [a.id, b.id] }, n: { not: 0 } } });
    expect(kept.map((k) => [k.siteId === a.id ? "a" : "b", k.contentType, k.n])).toEqual([["a", "document", 1]]);

    // Stats' content figure is the kept count: every content row of the network, as a count would say
    // (polled: other suites add content meanwhile, and the stats answer may be kept READ_CACHE_MS).
    await eventually(async () => (await api("/hub/stats")).body.stats.content === (await db.content.count({ where: { network: "testnet" } })), { what: "stats.content = a count" });
  });
});
