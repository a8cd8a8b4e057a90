// A kept page (lib/edge/page-cache.ts) works in a real browser: the copy an anonymous reader is served
// carries a fresh CSP nonce on every script, so Next's scripts run under the policy (the CSP guard fails
// the test on any refusal) and React hydrates the page; the paywall's client component comes alive.
// On a hub of its own with READ_CACHE_MS on (the main test hub runs without it).
import { startExtraHub, type ExtraHub } from "../support/extra-hub";
import { expect, test, type Page } from "../support/fixtures";
import { createShare, person } from "../support/quickshare";

let hub: ExtraHub;
test.beforeAll(async () => {
  hub = await startExtraHub({ READ_CACHE_MS: "60000", SETTLE_INTERVAL_MS: "0", GATEWAY_INDEX_INTERVAL_MS: "0" });
});
test.afterAll(async () => {
  await hub?.stop();
});

/** React attaches its fiber to the DOM it hydrated: none when the page's scripts did not run. */
const hydrated = (page: Page) => page.locator("#share").evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber")));

test("a kept share page hydrates under its own fresh nonce, and its client components work", async ({ page }) => {
  const owner = await person();
  const share = await createShare(owner, { title: "Kept in a browser", content: "# Kept\n\nA body for **everyone**." });
  const url = `${hub.url}/qs/${share.slug}`;

  const rendered = await page.goto(url);
  expect(rendered!.status()).toBe(200);
  expect(rendered!.headers()["x-hub-cache"]).toBeUndefined();
  await expect.poll(() => hydrated(page)).toBe(true);

  const kept = await page.goto(url);
  expect(kept!.status()).toBe(200);
  expect(kept!.headers()["x-hub-cache"]).toBe("hit");
  expect(kept!.headers()["content-security-policy"]).not.toBe(rendered!.headers()["content-security-policy"]);
  await expect(page.locator("#qs-content h1")).toHaveText("Kept");
  await expect.poll(() => hydrated(page)).toBe(true);
  // A client component acts: the header's wallet button opens the connect dialog.
  await page.getByRole("button", { name: /sign in|connect/i }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a kept explore page hydrates under its own fresh nonce, and its header's wallet button works", async ({ page }) => {
  const url = `${hub.url}/explore`;
  const rendered = await page.goto(url);
  expect(rendered!.status()).toBe(200);
  expect(rendered!.headers()["x-hub-cache"]).toBeUndefined();
  const kept = await page.goto(url);
  expect(kept!.status()).toBe(200);
  expect(kept!.headers()["x-hub-cache"]).toBe("hit");
  expect(kept!.headers()["content-security-policy"]).not.toBe(rendered!.headers()["content-security-policy"]);
  await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();
  await expect.poll(() => page.locator("header.site-header").evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber")))).toBe(true);
  await page.getByRole("button", { name: /sign in|connect/i }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
