import { expect, test } from "../support/fixtures";

// Public pages are server-rendered: they must work with JavaScript off.
test.use({ javaScriptEnabled: false });

test("ledger, stats and leaderboards render and page without JavaScript", async ({ page }) => {
  await page.goto("/stats");
  await expect(page.getByRole("heading", { name: "Platform statistics" })).toBeVisible();
  await expect(page.getByText("Verified sites")).toBeVisible();

  await page.goto("/leaderboards?type=content");
  await expect(page.getByRole("heading", { name: "Leaderboards" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Board" });
  await expect(tabs.getByRole("link", { name: "Content", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await tabs.getByRole("link", { name: "Sites", exact: true }).click();
  await expect(page).toHaveURL(/type=sites/);
  // The three seeded sites; a site another test verified on this shared hub may rank among them.
  for (const name of ["Lofi Harbor", "Quiet Letters", "Pixel Press"]) await expect(page.locator("tbody tr").filter({ hasText: name })).toHaveCount(1);

  await page.goto("/ledger");
  await expect(page.getByRole("heading", { name: "Public ledger" })).toBeVisible();
  await page.getByLabel("Kind").selectOption("payments");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/type=payments/);
  await expect(page.getByRole("heading", { name: "Public ledger" })).toBeVisible();
});

test("pages fit a phone's width", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/", "/ledger", "/stats", "/leaderboards"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
