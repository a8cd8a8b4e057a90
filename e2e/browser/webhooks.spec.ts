// The dashboard's webhooks page in a real browser with an injected wallet: add an endpoint (its
// signing secret shown once), send a test event, and see the delivery in the log. The delivery is
// checked at a real receiver on loopback with the stock Standard Webhooks verifier.
import { Webhook } from "standardwebhooks";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test, type Page } from "../support/fixtures";
import { installTestWallet } from "../support/test-wallet";
import { testDb } from "../support/tips";
import { receiverUrl, startWebhookReceiver } from "../support/webhook-receiver";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
const creatorKey = generatePrivateKey();
const creator = privateKeyToAccount(creatorKey);

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await testDb.webhookEndpoint.deleteMany({ where: { ownerWallet: creator.address } });
  await receiver?.close();
});

async function signInThroughUi(page: Page) {
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page.getByText("Test Wallet").click();
  await page.getByRole("button", { name: "Sign in with wallet" }).click();
  await expect(page.getByTestId("signed-in")).toBeVisible();
}

test("a creator adds a webhook endpoint, sees its secret once, sends a test event and sees it delivered in the log", async ({ page }) => {
  await installTestWallet(page, { pk: creatorKey, chainId: 5042002 });
  await page.goto("/dashboard/webhooks");
  await expect(page.getByRole("heading", { name: "Sign in to send your sales, tips and ratings to your own systems" })).toBeVisible();
  await signInThroughUi(page);
  await expect(page.getByText("No endpoints yet.")).toBeVisible();

  const url = receiverUrl("/browser");
  await page.getByLabel("Endpoint URL").fill(url);
  await expect(page.getByLabel("Events of")).toHaveValue("");
  await page.getByRole("checkbox", { name: /Tip received/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secretEl = page.getByTestId("webhook-secret");
  await expect(secretEl).toHaveText(/^whsec_/);
  const secret = (await secretEl.textContent())!;

  const card = page.locator("article.webhook-card", { hasText: url });
  await expect(card).toBeVisible();
  await expect(card.getByText("enabled", { exact: true })).toBeVisible();
  await expect(card.getByText("sale.completed, tip.received")).toBeVisible();
  await expect(card.getByText("No deliveries yet.")).toBeVisible();
  const row = await testDb.webhookEndpoint.findFirstOrThrow({ where: { ownerWallet: creator.address, url } });
  expect(row.events).toBe("sale.completed,tip.received");

  // Shown once: a reload shows the prefix, never the secret.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await expect(card.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  expect(await page.content()).not.toContain(secret.slice(12));

  await card.getByRole("button", { name: "Send test event" }).click();
  await expect(card.getByRole("status")).toContainText("Test event queued");
  await expect.poll(() => receiver!.at("/browser").length, { timeout: 15_000 }).toBeGreaterThan(0);
  const got = receiver!.at("/browser")[0]!;
  expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject({ type: "webhook.test" });

  // The log shows the delivery once the worker recorded it.
  const delivered = card.locator(`tr[data-delivery="${got.headers["webhook-id"]}"]`);
  await expect(async () => {
    await card.getByRole("button", { name: "Refresh log" }).click();
    await expect(delivered).toHaveAttribute("data-status", "delivered", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(delivered.getByText("webhook.test")).toBeVisible();
  await expect(delivered.getByRole("cell", { name: /^200/ })).toBeVisible();
});
