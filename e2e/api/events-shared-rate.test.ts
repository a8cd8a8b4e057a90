// The per-site event rate is shared by every hub instance through Redis (REDIS_URL): two more hub
// processes on the same database and the same Redis, with a small rate, share one budget.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { type ExtraHub, hubClient, redisReachable, startExtraHub } from "../support/extra-hub";
import { cleanupRun, createSite } from "../support/sites";

const reachable = await redisReachable();
if (!reachable) console.warn("SKIPPED: Redis is not reachable on 127.0.0.1:6379, so the shared (multi-instance) event rate was not tested");


afterAll(cleanupRun);
describe.skipIf(!reachable)("event rate shared across hub instances through Redis", () => {
  let hubs: ExtraHub[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL: "redis://127.0.0.1:6379", EVENT_RATE_LIMIT_PER_MINUTE: "10" };
    hubs = await Promise.all([startExtraHub(env), startExtraHub(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.stop()));
  });

  it("lets 10 events per minute through for a site across two instances, then answers 429 on both", async () => {
    const [a, b] = hubs.map((h) => hubClient(h.url));
    expect((await a!.api("/api/svc/status")).body.hub.eventRateLimit).toEqual({ perSite: 10, windowSeconds: 60, shared: true });
    const site = await createSite();
    const body = { siteId: site.id, token: site.token, event: "page_view", url: `https://${site.domain}/` };
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await (i % 2 ? b! : a!).api("/hub/evt", { json: body })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    expect(await testDb().widgetEvent.count({ where: { siteId: site.id } })).toBe(10);
  });
});
