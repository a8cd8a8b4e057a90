// The home page (app/page.tsx, lib/hub/home-summary.ts): its figures are /hub/stats' (verified sites,
// every site's content of this network, from the maintained counters), and its newest content is the
// six newest items of verified sites that are not removed, newest first, with each one's site and price.
// Other suites add content meanwhile, so the items here are dated ahead of everything else and removed
// at once afterwards.
import { afterAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { api, HUB_URL } from "../support/hub";
import { cleanupRun, createSite, RUN } from "../support/sites";
import { eventually } from "../support/x402";

const db = testDb();
afterAll(cleanupRun);

/** The page's HTML without the empty comments React puts between adjacent text nodes. */
const home = async () => (await (await fetch(`${HUB_URL}/`, { headers: { accept: "text/html" } })).text()).replaceAll("<!-- -->", "");
/** The cards' titles, in page order. */
const newest = (page: string) => [...page.matchAll(/<article class="card"><h3><a href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);
const figure = (page: string, label: string) => Number(new RegExp(`<strong>(\\d+)</strong> ${label}`).exec(page)?.[1] ?? NaN);

describe("the home page", () => {
  it("lists the newest content of verified, live sites first, newest first, with its site and price", async () => {
    const live = await createSite({ name: `Home live ${RUN}` });
    const pending = await createSite({ name: `Home pending ${RUN}`, verified: false });
    const removed = await createSite({ name: `Home removed ${RUN}` });
    await db.site.update({ where: { id: removed.id }, data: { removedAt: new Date() } });
    const future = (day: number) => new Date(Date.UTC(2100, 0, day));
    const item = (site: { id: string; domain: string }, n: number, day: number, priceAtomic: bigint) => ({
      network: "testnet",
      siteId: site.id,
      externalId: `home-${n}`,
      title: `Home ${n} ${RUN}`,
      url: `https://${site.domain}/p/${n}`,
      contentType: n % 2 ? "article" : "music",
      priceAtomic,
      createdAt: future(day),
    });
    await db.content.createMany({
      data: [
        ...[1, 2, 3, 4, 5, 6, 7].map((n) => item(live, n, n, BigInt(n) * 10_000n)),
        item(pending, 8, 20, 0n), // newer than all, on a site not verified
        item(removed, 9, 21, 0n), // newer still, on a removed site
      ],
    });
    try {
      const page = await home();
      expect(newest(page)).toEqual([7, 6, 5, 4, 3, 2].map((n) => `Home ${n} ${RUN}`));
      expect(page).toContain(`Home live ${RUN} · ${live.domain}`);
      expect(page).toContain(`<span class="badge">article</span> 0.07 USDC`);
    } finally {
      await db.content.deleteMany({ where: { siteId: { in: [live.id, pending.id, removed.id] } } });
    }
  });

  it("shows /hub/stats' figures: verified sites and every site's content of this network", async () => {
    await eventually(
      async () => {
        const [page, stats] = await Promise.all([home(), api("/hub/stats")]);
        const content = await db.content.count({ where: { network: "testnet" } });
        return (figure(page, "verified sites") === stats.body.stats.sites && figure(page, "content items") === content && content === stats.body.stats.content) || null;
      },
      { what: "the home page's figures = /hub/stats' = a count" },
    );
  });
});
