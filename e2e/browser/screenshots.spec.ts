// Screenshots of every page at desktop and phone width, for a person to look at
// (test-results/screenshots/<page>-<width>.png, gitignored). Each page must also fit its width
// without sideways scrolling, so a layout that breaks on a phone fails here.
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "../support/fixtures";
import { api, HUB_URL } from "../support/hub";
import { createShare, person } from "../support/quickshare";

const DIR = "test-results/screenshots";
const WIDTHS = [["desktop", 1280, 900], ["phone", 390, 844]] as const;

async function shoot(page: Page, name: string, path: string) {
  for (const [label, width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    const res = await page.goto(path);
    expect(res!.status(), `${path} answered ${res!.status()}`).toBeLessThan(400);
    // Not "networkidle": wagmi polls the chain every second, so the network is never idle.
    await page.locator("h1").first().waitFor({ timeout: 15_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${DIR}/${name}-${label}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
}

test.describe.configure({ timeout: 180_000 });

test("screenshots of the public pages", async ({ page }) => {
  mkdirSync(DIR, { recursive: true });
  const owner = await person();
  const free = await createShare(owner, { title: "Harbour notes", summary: "Three lines from the pier", content: "First line.\n\nSecond paragraph, a little longer so the page has some text to wrap on a phone." });
  const paid = await createShare(owner, { title: "Harbour plans", summary: "The berth map, annotated", content: "Berth 7 at noon.", price: "0.25" });

  await shoot(page, "home", "/");
  const explore = await page.request.get("/explore");
  if (explore.status() === 404) test.info().annotations.push({ type: "skipped page", description: "/explore does not exist on this build" });
  else await shoot(page, "explore", "/explore");
  await shoot(page, "share-free", `/qs/${free.slug}`);
  await shoot(page, "share-paid", `/qs/${paid.slug}`);
  await shoot(page, "ledger", "/ledger");
  await shoot(page, "stats", "/stats");
  await shoot(page, "leaderboards", "/leaderboards?type=content");
  await shoot(page, "dashboard-signed-out", "/dashboard");
});

test("screenshots of the creator dashboard", async ({ page, context }) => {
  mkdirSync(DIR, { recursive: true });
  const owner = await person();
  const share = await createShare(owner, { title: "Field recordings from the harbour at dawn", content: "Gulls.", price: "0.5", whitelist: [owner.address], whitelistPrice: "0" });
  await createShare(owner, { title: "Invite-only minutes", content: "Agenda.", publicAccess: false, whitelist: [owner.address] });
  for (let i = 0; i < 3; i++) await api(`/quickshare/${share.slug}/view`, { json: {} });
  await api(`/quickshare/${share.slug}/unlock`, { cookie: owner.cookie, json: { walletAddress: owner.address } });
  const reg = await api("/hub/sites/register", { cookie: owner.cookie, origin: HUB_URL, json: { domain: `shots-${Date.now().toString(36)}.example`, name: "Shots" } });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const [name, value] = owner.cookie.split("=");
  await context.addCookies([{ name: name!, value: value!, url: HUB_URL }]);

  try {
    await shoot(page, "dashboard", "/dashboard");
    await shoot(page, "dashboard-new-share", "/dashboard/new");
    await shoot(page, "dashboard-share", `/dashboard/shares/${share.slug}`);
    await shoot(page, "dashboard-sites", "/dashboard/sites");
  } finally {
    await api(`/hub/sites/${reg.body.site.id}`, { method: "DELETE", cookie: owner.cookie, origin: HUB_URL });
  }
});
