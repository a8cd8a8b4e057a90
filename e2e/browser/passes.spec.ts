// Passes in the browser (docs/passes.md): on the demo blog a reader without a wallet extension buys
// the blog's 30-day pass with the Demo reader wallet from a post's paywall, then reads two other paid
// posts without paying again; the demo creator changes the pass in the editor and it saves.
import { DEV_ROLES, devAccount } from "../../scripts/lib/dev-accounts.mjs";
import { expect, test } from "../support/fixtures";
import { connectDemoWallet, type DemoContent, demoForSuite } from "../support/demo";
import { db } from "../support/quickshare";

const reader = devAccount(DEV_ROLES.payers[0]).address;
// The demo as `npm start` seeds it, removed after this suite (e2e/support/demo.ts).
const seeded = demoForSuite(test);
let demo: DemoContent;
// The editor lists the pass the first test sells: a retry runs both again, on freshly seeded content.
test.describe.configure({ mode: "serial" });
test.beforeAll(() => {
  demo = seeded();
});

// The paywall asks for the post (and the pass) before paying: the browser logs the 402s.
test.use({ expectedConsoleErrors: [/status of (402 \(Payment Required\)|400 \(Bad Request\))/] });

test("a reader buys the demo blog's pass with the Demo reader wallet and reads two more paid posts without paying again", async ({ page }) => {
  const url = (slug: string) => demo.posts.find((p) => p.slug === slug)!.url;
  const site = await db().site.findFirstOrThrow({ where: { domain: demo.blog.domain } });
  const before = await db().payment.count({ where: { payer: reader, siteId: site.id } });

  await page.goto(url("harbor-tune"));
  await expect(page.getByRole("heading", { name: "Unlock for 0.25 USDC" })).toBeVisible();
  await expect(page.getByTestId("pass-offer")).toContainText("or get a 30-day pass for 2 USDC");
  await page.getByTestId("pass-offer-button").click();
  await expect(page.getByRole("heading", { name: "Get a 30-day pass for 2 USDC" })).toBeVisible();

  // No extension: "Connect wallet" offers the demo wallets.
  await page.locator('[data-guard="connect"]').getByRole("button", { name: "Connect wallet", exact: true }).click();
  const none = page.getByRole("dialog", { name: "No wallet found" });
  await expect(none).toBeVisible();
  await none.getByTestId("use-demo-wallet").click();
  await page.getByText("Demo reader (public test key)").click();
  await expect(page.locator('[data-guard="connect"]')).toHaveCount(0, { timeout: 30_000 });

  await page.getByTestId("pay-button").click();
  await expect(page.locator("#pay-status")).toContainText("Paid 2 USDC", { timeout: 60_000 });
  await expect(page.getByTestId("share-unlocked")).toBeVisible();
  await expect(page.locator("#qs-content")).toBeVisible();

  // Two more paid posts: read with the pass kept in this browser, no pay panel, no payment.
  for (const slug of ["tide-pool-slowly", "tide-tables-2026"]) {
    await page.goto(url(slug));
    await expect(page.getByTestId("share-unlocked")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("#qs-content")).toBeVisible();
    await expect(page.getByTestId("pay-panel")).toHaveCount(0);
  }

  // One new payment by the reader on this blog: the pass; none for the posts.
  const payments = await db().payment.findMany({ where: { payer: reader, siteId: site.id }, orderBy: { createdAt: "desc" } });
  expect(payments.length).toBe(before + 1);
  expect(payments[0]).toMatchObject({ resourceType: "pass", amountAtomic: 2_000_000n });
  const pass = await db().pass.findFirstOrThrow({ where: { siteId: site.id, wallet: reader } });
  expect(pass.endsAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
});

test("the demo creator changes the pass in the editor; it saves and lists the pass sold", async ({ page }) => {
  await page.goto(demo.blog.admin);
  await connectDemoWallet(page, { wallet: "Demo creator", connected: page.getByTestId("admin-sign-in") });
  await page.getByTestId("admin-sign-in").click();

  const form = page.getByTestId("pass-settings");
  await expect(form.getByLabel("Price (USDC)")).toHaveValue("2");
  await expect(form.getByLabel("Duration (days)")).toHaveValue("30");
  await expect(form.getByTestId("pass-sales").locator("tbody tr")).toHaveCount(1);
  await expect(form.getByTestId("pass-sales")).toContainText("2 USDC");

  // A refused price is named beside its field; a good one saves.
  await form.getByLabel("Price (USDC)").fill("0");
  await form.getByTestId("pass-save").click();
  await expect(form.getByTestId("pass-status")).toBeVisible();
  await form.getByLabel("Price (USDC)").fill("3.5");
  await form.getByLabel("Duration (days)").fill("7");
  await form.getByTestId("pass-save").click();
  await expect(form.getByTestId("pass-status")).toHaveText("Saved: readers are offered a 7-day pass for 3.5 USDC.");
  const offer = await db().passOffer.findFirstOrThrow({ where: { siteId: (await db().site.findFirstOrThrow({ where: { domain: demo.blog.domain } })).id } });
  expect(offer).toMatchObject({ priceAtomic: 3_500_000n, durationDays: 7, active: true });
  await page.reload();
  await expect(page.getByTestId("pass-settings").getByLabel("Price (USDC)")).toHaveValue("3.5");
});
