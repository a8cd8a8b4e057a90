// Readers in a browser on a creator's own site (issue 32, docs/own-site.md "Readers in a browser"): the example
// creator site (examples/express-site: stock @x402/express, configured with the hub's paywall and
// facilitator, no payment code of its own) runs as a real child process on loopback, registered, keyed
// and verified through the hub's API by the same code `npm start` uses (scripts/lib/example-site.mjs).
// A reader with no wallet extension opens its paid article, pays on the hub's checkout with the Demo
// reader wallet, reads the article on the creator's page, and reloads it without paying again.
import AxeBuilder from "@axe-core/playwright";
import { DEV_ROLES, devAccount } from "../../scripts/lib/dev-accounts.mjs";
import { exampleSitePort, startExampleSite } from "../../scripts/lib/example-site.mjs";
import { testDb } from "../support/db";
import { expect, test, type Page } from "../support/fixtures";
import { HUB_URL } from "../support/hub";
import { screenshots } from "../support/screens";

// A creator of its own (the demo spec's creator owns the demo blog).
const creator = devAccount(DEV_ROLES.creators[1]);
const reader = devAccount(DEV_ROLES.payers[0]);
let shop: Awaited<ReturnType<typeof startExampleSite>>;
// What examples/express-site answers once paid.
const bought = (page: Page) => page.getByText("Thank you for paying: this paragraph is what you bought.");

test.beforeAll(async () => {
  shop = await startExampleSite({ hubUrl: HUB_URL, creatorKey: creator.privateKey, port: exampleSitePort(new URL(HUB_URL).port), quiet: true });
});

// The site and its content leave the hub (ledger rows stay: the ledger is append-only history).
test.afterAll(async () => {
  await shop?.stop();
  if (shop) await testDb().site.deleteMany({ where: { id: shop.siteId } });
});

// The creator's paywall asks its own URL for the challenge: the browser logs that 402. The example
// site has no icon: the browser logs its favicon's 404.
test.use({ expectedConsoleErrors: [/status of 402 \(Payment Required\)|status of 404 \(Not Found\) \(http:\/\/shop\.localhost:\d+\/favicon\.ico\)/] });

/** The hub's payments attributed to the example site (each facilitated sale is one). */
async function sitePayments() {
  return testDb().payment.findMany({ where: { siteId: shop.siteId }, include: { receipt: true } });
}

test("a reader without a wallet extension buys the example site's paid article on the hub's checkout and reads it on the creator's page", async ({ page }) => {
  await page.goto(shop.paid);
  const pay = page.locator('[data-svc="checkout"]');
  await expect(pay).toHaveText(/^Pay [\d.]+ USDC with a wallet$/);
  await expect(bought(page)).toHaveCount(0);
  await screenshots(page, "creator-site-paywall");

  await pay.click();
  await expect(page).toHaveURL(new RegExp(`^${HUB_URL.replace(/[.]/g, "\\.")}/checkout\\?pr=`));
  await expect(page.getByTestId("checkout-payee")).toContainText("Harbour Notes (example site)");
  await expect(page.getByTestId("checkout-resource")).toHaveText(shop.paid);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), "axe on the checkout").toEqual([]);
  // No extension: the connect button says so and offers the demo wallets.
  await page.locator('[data-guard="connect"]').getByRole("button", { name: "Connect wallet", exact: true }).click();
  const none = page.getByRole("dialog", { name: "No wallet found" });
  await expect(none).toBeVisible();
  await none.getByTestId("use-demo-wallet").click();
  await page.getByText("Demo reader (public test key)").click();
  await expect(page.locator('[data-guard="connect"]')).toHaveCount(0, { timeout: 30_000 });
  await screenshots(page, "creator-site-checkout");

  await page.getByTestId("checkout-pay").click();
  // Back on the creator's own page, which collected the payment through the hub and shows the article.
  await expect(bought(page)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "The paid article" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(shop.origin);
  expect(page.url()).not.toContain("x402-payment"); // the signed payment left the address bar
  await screenshots(page, "creator-site-paid");

  const paid = await sitePayments();
  expect(paid.map((p) => [p.payer.toLowerCase(), p.payTo.toLowerCase(), p.rail, p.status, p.receipt?.resourceUrl])).toEqual([
    [reader.address.toLowerCase(), creator.address.toLowerCase(), "eip3009", "settled", shop.paid],
  ]);

  // Reloaded: still readable, and no second payment.
  await page.reload();
  await expect(bought(page)).toBeVisible();
  expect(await sitePayments()).toHaveLength(1);

  // The sale is a hub sale: in the public ledger under the site's domain.
  const res = await fetch(`${HUB_URL}/hub/ledger?domain=${new URL(shop.origin).hostname}&type=payments`);
  expect(res.status).toBe(200);
  const ledger = await res.json();
  const row = (ledger.activities as { paymentId: string | null }[]).find((r: { paymentId: string | null }) => r.paymentId === paid[0]!.id);
  expect(row).toMatchObject({ payerWallet: expect.stringMatching(new RegExp(reader.address, "i")), contentUrl: shop.paid });
});
