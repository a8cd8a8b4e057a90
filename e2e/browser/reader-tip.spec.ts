// A reader tips a page whose domain has no verified owner: the page shows "held" and the 5% claim fee
// before the wallet is asked, the USDC goes into the domain's box, and "my held tips" refunds it.
import { expect, test } from "../support/fixtures";
import { api } from "../support/hub";
import { screenshots } from "../support/screens";
import { connectWallet, hydrated, installTestWallet } from "../support/test-wallet";
import { balanceOf, boxOf, CHAIN_ID, newWallet, RPC_URL, uniqueDomain, usdc } from "../support/tips";
import { freshPayer } from "../support/x402";

// The tip flow asks for its x402 challenge first: the browser logs the 402 it answers.
test.use({ expectedConsoleErrors: [/status of 402 \(Payment Required\)/] });

test("a reader tips a held domain, sees the fee first, and refunds the held tip", async ({ page }) => {
  const reader = await newWallet(usdc("5"));
  const domain = uniqueDomain("held-reader");
  const url = `https://${domain}/essays/slow-software`;
  const wallet = await installTestWallet(page, { chainId: CHAIN_ID, rpcUrl: RPC_URL, account: reader.account });

  await page.goto(`/tip?url=${encodeURIComponent(url)}`);
  await hydrated(page);
  await expect(page.getByLabel("Page URL")).toHaveValue(url);
  await page.getByLabel("Amount (USDC)").fill("1.5");
  await page.getByRole("radio", { name: /Transfer/ }).check();
  await page.getByRole("button", { name: "Review tip" }).click();

  const review = page.getByTestId("tip-review");
  await expect(review).toHaveAttribute("data-next", "hold");
  await expect(review.getByRole("heading", { name: `Held for ${domain}` })).toBeVisible();
  await expect(review.getByRole("row", { name: /Fee when claimed \(5%\)/ })).toContainText("0.075 USDC");
  await expect(review.getByRole("row", { name: /Fee on refund/ })).toContainText("0 USDC");
  expect(wallet.calls.filter((c) => c !== "eth_accounts" && c !== "eth_chainId")).toEqual([]); // nothing asked of the wallet yet

  await connectWallet(page);
  await screenshots(page, "reader-tip-review");
  await page.getByTestId("tip-send").click();
  await expect(page.locator("#tip-status")).toContainText(`Tip of 1.5 USDC held for ${domain}`);
  expect(await balanceOf(reader.address)).toBe(usdc("3.5"));
  expect(await balanceOf(boxOf(domain))).toBe(usdc("1.5"));
  await screenshots(page, "reader-tip-held");

  // The held tip links straight to the domain's held tips.
  await page.getByRole("link", { name: `Your held tips for ${domain} →` }).click();
  await expect(page).toHaveURL(new RegExp(`/tip/held\\?domain=${domain.replace(/\./g, "\\.")}$`));
  const tips = page.getByTestId("held-tip");
  await expect(tips).toHaveCount(1);
  await expect(tips).toContainText("1.5 USDC held of 1.5 USDC");
  await screenshots(page, "reader-held-tips");

  await tips.getByRole("button", { name: "Refund 1.5 USDC" }).click();
  await expect(page.locator("#held-status")).toContainText("Refunded 1.5 USDC to your wallet");
  await expect(page.getByText(`No tips of yours are held for ${domain}.`)).toBeVisible();
  expect(wallet.calls).toContain("personal_sign");
  expect(await balanceOf(reader.address)).toBe(usdc("5"));

  // The ledger nets the tip out: a held row and a negative refund row for this domain.
  const ledger = await api(`/hub/ledger?type=tips&domain=${domain}`);
  const amounts = ledger.body.activities.map((a: { amount: number }) => a.amount).sort();
  expect(amounts).toEqual([-1.5, 1.5]);
});

test("a tip the wallet refuses moves nothing and the form stays usable", async ({ page }) => {
  const reader = await newWallet(usdc("2"));
  const domain = uniqueDomain("held-refused");
  const wallet = await installTestWallet(page, { chainId: CHAIN_ID, rpcUrl: RPC_URL, account: reader.account });
  await page.goto(`/tip?url=${encodeURIComponent(`https://${domain}/p`)}`);
  await hydrated(page);
  await page.getByLabel("Amount (USDC)").fill("0.5");
  await page.getByRole("radio", { name: /Transfer/ }).check();
  await page.getByRole("button", { name: "Review tip" }).click();
  // The review (and its connect guard) renders once the page's owner is resolved: connecting before it
  // is there finds no guard, returns at once, and the send button never appears (a CI retry on a loaded machine).
  await expect(page.getByTestId("tip-review")).toHaveAttribute("data-next", "hold");
  await connectWallet(page);
  wallet.rejectNext();
  await page.getByTestId("tip-send").click();
  await expect(page.locator("#tip-status")).toHaveAttribute("data-kind", "rejected");
  await screenshots(page, "reader-tip-rejected");
  expect(await balanceOf(reader.address)).toBe(usdc("2"));
  expect((await api(`/hub/tips/held?domain=${domain}`)).body.total).toBe(0);
  await page.getByTestId("tip-send").click();
  await expect(page.locator("#tip-status")).toContainText("held for");
  expect(await balanceOf(reader.address)).toBe(usdc("1.5"));
});

test("a tip to a page with a known creator settles at once over the gateway rail, with the 1% fee shown first", async ({ page }) => {
  const card = (await api("/hub/explore/content?limit=1")).body.content[0];
  const payer = await freshPayer({ deposit: "1" });
  const wallet = await installTestWallet(page, { pk: payer.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  await page.goto(`/tip?url=${encodeURIComponent(card.url)}`);
  await hydrated(page);
  await page.getByLabel("Amount (USDC)").fill("0.5");
  await page.getByRole("button", { name: "Review tip" }).click();
  const review = page.getByTestId("tip-review");
  await expect(review).toHaveAttribute("data-next", "settle");
  await expect(review.getByRole("row", { name: /Hub fee \(1%/ })).toContainText("0.005 USDC");
  // Names, not addresses: the review names who the page belongs to, with the short address beside it.
  const resolved = (await api(`/hub/resolve?url=${encodeURIComponent(card.url)}`)).body;
  expect(resolved.name).toBeTruthy();
  await expect(review).toContainText(`The page belongs to ${resolved.name}`);
  await connectWallet(page);
  await screenshots(page, "reader-tip-settle-review");
  await page.getByTestId("tip-send").click();
  await expect(page.locator("#tip-status")).toHaveText("Tip of 0.5 USDC sent. Thank you!");
  // A sent tip cannot be sent again by a second click.
  await expect(page.getByTestId("tip-send")).toBeDisabled();
  expect(wallet.calls.filter((c) => c === "eth_signTypedData_v4")).toHaveLength(1);
  expect(wallet.sent).toEqual([]); // a signature, no transaction
  const row = (await api(`/hub/ledger?type=tips&domain=${card.websiteDomain}&limit=100`)).body.activities
    .find((a: { payerWallet: string | null; amount: number }) => a.payerWallet?.toLowerCase() === payer.address.toLowerCase());
  expect(row).toMatchObject({ amount: 0.5 });
});
