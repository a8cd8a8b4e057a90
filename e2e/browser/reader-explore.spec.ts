// The explore page renders on the server from lib/explore: search, type filter, sort and paging work
// as plain links and forms (no JavaScript needed), and cards show price, rating and the verified badge.
import { expect, test } from "../support/fixtures";
import { api } from "../support/hub";
import { screenshots } from "../support/screens";

test("explore: cards with price, rating and verification; search, type, sort and paging without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const all = (await api("/hub/explore/content?limit=500")).body;
  expect(all.total).toBeGreaterThan(1);

  const res = await page.goto("/explore");
  expect(res!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Explore" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(`${all.total} ${all.total === 1 ? "item" : "items"}`);
  const cards = page.getByTestId("content-card");
  const first = all.content[0];
  await expect(cards.first().getByRole("heading")).toHaveText(first.title);
  await expect(cards.first()).toContainText(first.price > 0 ? `${first.price} ${first.currency}` : "Free");
  await expect(cards.first()).toContainText(first.websiteVerified ? "✓ verified site" : "unverified");
  await expect(cards.first()).toContainText(first.reputationStars !== null ? `${first.reputationStars.toFixed(1)} / 5` : "No ratings yet");
  await screenshots(page, "reader-explore");

  // Search: the server's own answer for the same query.
  const word = String(first.title).split(/\s+/).find((w: string) => w.length > 3) ?? first.title;
  await page.getByLabel("Search").fill(word);
  await page.getByRole("button", { name: "Apply" }).click();
  const searched = (await api(`/hub/explore/content?q=${encodeURIComponent(word)}&limit=24`)).body;
  await expect(cards).toHaveCount(searched.content.length);
  await expect(cards.first().getByRole("heading")).toHaveText(searched.content[0].title);

  // Type filter and sort.
  const type = first.contentType;
  await page.goto(`/explore?type=${type}&sort=best-sellers`);
  const typed = (await api(`/hub/explore/content?type=${type}&sort=best-sellers&limit=24`)).body;
  await expect(page.getByLabel("Type")).toHaveValue(type);
  await expect(page.getByLabel("Sort")).toHaveValue("best-sellers");
  await expect(cards.getByRole("heading")).toHaveText(typed.content.map((c: { title: string }) => c.title));

  // Paging: one card per page, the next link goes one on.
  await page.goto("/explore?limit=1");
  await expect(cards).toHaveCount(1);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(cards.first().getByRole("heading")).toHaveText(all.content[1].title);
  await expect(page.getByRole("link", { name: "← Previous" })).toBeVisible();
  await expect(page.getByText("Items 2–2")).toBeVisible();

  await page.goto("/explore?q=zzzz-no-such-thing-zzzz");
  await expect(page.getByText("Nothing found for these filters.")).toBeVisible();
  await context.close();
});
