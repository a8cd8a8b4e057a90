import { expect, test } from "../support/fixtures";
import { testDb } from "../support/db";
import { cleanupRun, createSite, RUN } from "../support/sites";

const HUB = process.env.HUB_URL ?? "http://127.0.0.1:3999";

// The creator's page stands for a public web site, but the hub under test listens on loopback:
// Chromium's private/local network access checks would block a public page from reaching it, a
// situation a deployed hub (public, like its creators' sites) never meets. Same flags as the
// project's, plus those checks turned off.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--disable-sync", "--no-first-run", "--disable-quic",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
      "--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,LocalNetworkAccessChecks",
    ],
  },
});

test.afterAll(cleanupRun);

test("the widget on a creator's page reports views, an unlock and a rating to the hub", async ({ page }) => {
  const db = testDb();
  const site = await createSite({ name: "Widget Demo" });
  const id = `hello-${RUN}`;
  const title = `Hello from the widget ${RUN}`;
  // The creator's page, served by the test for its (unresolvable) domain; the widget comes from the hub.
  await page.route(`http://${site.domain}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><title>${title}</title></head><body>
        <article data-svc-resource="${id}" data-svc-title="${title}" data-svc-price="0.05" data-svc-type="article" data-svc-tags="demo,widget">Hello.</article>
        <script async src="${HUB}/hub/widget.js" data-site-id="${site.id}" data-site-key="${site.siteKey}"></script>
      </body></html>`,
    }),
  );
  await page.goto(`http://${site.domain}/article/${id}`);

  const card = async () => {
    const res = await page.request.get(`${HUB}/hub/explore/content?q=${encodeURIComponent(title)}`);
    return (await res.json()).content[0] as { externalId: string; views: number; unlocks: number; price: number; tags: string; url: string } | undefined;
  };
  await expect.poll(async () => (await card())?.views, { timeout: 15_000 }).toBe(1);
  expect(await card()).toMatchObject({ externalId: id, price: 0.05, tags: "demo,widget", url: `http://${site.domain}/article/${id}` });

  await page.evaluate(() => (window as unknown as { svcWidget: { track: (k: string) => Promise<boolean> } }).svcWidget.track("unlock_completed"));
  await expect.poll(async () => (await card())?.unlocks, { timeout: 15_000 }).toBe(1);

  await page.evaluate(() => document.dispatchEvent(new CustomEvent("svc:track", { detail: { event: "content_rating", rating: 45 } })));
  await expect
    .poll(async () => (await db.dailyMetric.findFirst({ where: { siteId: site.id, contentId: { not: "" } } }))?.ratings, { timeout: 15_000 })
    .toBe(1);

  const events = await db.widgetEvent.findMany({ where: { siteId: site.id }, orderBy: { createdAt: "asc" } });
  expect(events.map((e) => e.event).sort()).toEqual(["content_rating", "page_view", "resource_view", "unlock_completed"]);
  expect(new Set(events.map((e) => e.origin))).toEqual(new Set([`http://${site.domain}`]));
});
