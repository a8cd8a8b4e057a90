// A reader pays for a paid share from the browser wallet (wagmi) on each rail, and reloads without
// paying again; a wallet that says no, or sits on another network, leaves the page usable and charges nothing.
import { expect, test } from "../support/fixtures";
import { createShare, person } from "../support/quickshare";
import { screenshots } from "../support/screens";
import { connectWallet, installTestWallet, type TestWallet } from "../support/test-wallet";
import { api } from "../support/hub";
import { CHAIN_ID, freshPayer, RPC_URL, usdc, usdcBalance } from "../support/x402";

async function spendable(wallet: string) {
  const res = await api("/quickshare/gateway/balance", { json: { walletAddress: wallet } });
  return { spendable: BigInt(res.body.atomic.spendable), locked: BigInt(res.body.atomic.locked) };
}
async function unlockCount(slug: string) {
  return (await api(`/quickshare/${slug}/meta`)).body.unlockCount as number;
}
const count = (w: TestWallet, method: string) => w.calls.filter((c) => c === method).length;
// The pay page asks for the share before paying: the browser logs the 402 challenge it answers.
test.use({ expectedConsoleErrors: [/status of 402 \(Payment Required\)/] });


test("gateway rail: a short deposit is topped up from the page, the wallet signs, the content renders, a reload does not charge again", async ({ page }) => {
  const owner = await person();
  const share = await createShare(owner, { title: "Tide tables", content: "High water at 14:02.\n\nLow water at 20:15.", price: "0.25" });
  const payer = await freshPayer({ wallet: "3" });
  const wallet = await installTestWallet(page, { pk: payer.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });

  // The server-rendered share page sends the reader to the pay page.
  await page.goto(`/qs/${share.slug}`);
  await screenshots(page, "reader-share-paywall");
  await page.getByRole("link", { name: "Pay 0.25 USDC" }).click();
  await expect(page).toHaveURL(new RegExp(`/qs/${share.slug}/unlock$`));
  await expect(page.getByRole("heading", { name: "Unlock for 0.25 USDC" })).toBeVisible();
  await connectWallet(page);
  await expect(page.getByRole("radio", { name: /Gateway/ })).toBeChecked();
  await screenshots(page, "reader-pay-choose-rail");

  // No deposit yet: the page says so before any signature, and offers the deposit.
  await page.getByTestId("pay-button").click();
  await expect(page.locator("#pay-status")).toHaveAttribute("data-kind", "insufficient");
  expect(count(wallet, "eth_signTypedData_v4")).toBe(0);
  await page.getByLabel("Deposit (USDC)").fill("1");
  await page.getByRole("button", { name: "Deposit 1 USDC" }).click();
  await expect(page.locator("#pay-status")).toHaveText("Deposit confirmed. Press Pay to sign the payment.");
  expect(count(wallet, "eth_sendTransaction")).toBe(2); // approve + deposit
  expect((await spendable(payer.address)).spendable).toBe(usdc("1"));

  await page.getByTestId("pay-button").click();
  await expect(page.locator("#qs-content p")).toHaveText(["High water at 14:02.", "Low water at 20:15."]);
  await expect(page.locator("#pay-status")).toContainText("Paid 0.25 USDC");
  expect(count(wallet, "eth_signTypedData_v4")).toBe(1);
  // 0.25 is locked for the batch settler, then settled out of the deposit (polled: settlement runs in the background).
  // (The hub keeps counting a settled payment as locked for a few seconds after settlement, on purpose.)
  await expect.poll(async () => (await spendable(payer.address)).spendable, { timeout: 30_000 }).toBe(usdc("0.75"));
  expect(await unlockCount(share.slug)).toBe(1);
  await screenshots(page, "reader-pay-unlocked");

  // Reload the pay page, then the share page itself: the kept proof reads it, no new signature or payment.
  await page.reload();
  await expect(page.locator("#qs-content p")).toHaveText(["High water at 14:02.", "Low water at 20:15."]);
  await expect(page.locator("#pay-status")).toHaveText("Unlocked with the proof kept in this browser. No new payment.");
  await page.goto(`/qs/${share.slug}`);
  await expect(page.locator("#qs-content")).toContainText("High water at 14:02.");
  expect(count(wallet, "eth_signTypedData_v4")).toBe(1);
  expect(await unlockCount(share.slug)).toBe(1);
  await expect.poll(async () => spendable(payer.address), { timeout: 30_000 }).toEqual({ spendable: usdc("0.75"), locked: 0n });
});

test("transfer rail: the wallet sends the USDC transfer and signs the tx-owner message; a reload does not charge again", async ({ page }) => {
  const owner = await person();
  const share = await createShare(owner, { title: "Harbour chart", content: "Buoy 9 is moved.", price: "0.4" });
  const payer = await freshPayer({ wallet: "2" });
  const wallet = await installTestWallet(page, { pk: payer.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  const before = await usdcBalance(payer.address);

  await page.goto(`/qs/${share.slug}/unlock`);
  await connectWallet(page);
  await page.getByRole("radio", { name: /Transfer/ }).check();
  await page.getByTestId("pay-button").click();
  await expect(page.locator("#qs-content")).toHaveText("Buoy 9 is moved.");
  await expect(page.locator("#pay-status")).toContainText("Paid 0.4 USDC");
  expect(count(wallet, "eth_sendTransaction")).toBe(1);
  expect(count(wallet, "personal_sign")).toBe(1);
  expect(await usdcBalance(payer.address)).toBe(before - usdc("0.4"));

  await page.reload();
  await expect(page.locator("#qs-content")).toHaveText("Buoy 9 is moved.");
  expect(count(wallet, "eth_sendTransaction")).toBe(1);
  expect(await usdcBalance(payer.address)).toBe(before - usdc("0.4"));
  expect(await unlockCount(share.slug)).toBe(1);
});

test("a rejected signature or transfer charges nothing and the page stays usable; a wrong network is offered a switch", async ({ page }) => {
  const owner = await person();
  const share = await createShare(owner, { title: "Night ferry", content: "Leaves at 23:40.", price: "0.3" });
  const payer = await freshPayer({ wallet: "1", deposit: "1" });
  const wallet = await installTestWallet(page, { pk: payer.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  const before = await usdcBalance(payer.address);

  await page.goto(`/qs/${share.slug}/unlock`);
  await connectWallet(page);
  await expect(page.getByTestId("pay-button")).toBeVisible();
  // The person moves the wallet to chain 1: the page names the problem and offers the switch.
  wallet.setChainId(1);
  await expect(page.locator("[data-guard=\"wrong-network\"]")).toContainText("Wrong network");
  await screenshots(page, "reader-pay-wrong-network");
  await page.getByRole("button", { name: /Switch to/ }).click();
  await expect(page.getByTestId("pay-button")).toBeVisible();

  // Gateway: the person refuses the signature.
  wallet.rejectNext();
  await page.getByTestId("pay-button").click();
  await expect(page.locator("#pay-status")).toHaveAttribute("data-kind", "rejected");
  await expect(page.locator("#pay-status")).toContainText("You rejected the request in your wallet. Nothing was charged");
  await screenshots(page, "reader-pay-rejected");
  expect(await unlockCount(share.slug)).toBe(0);
  expect(await spendable(payer.address)).toEqual({ spendable: usdc("1"), locked: 0n });

  // Transfer: the person refuses the transaction.
  await page.getByRole("radio", { name: /Transfer/ }).check();
  wallet.rejectNext();
  await page.getByTestId("pay-button").click();
  await expect(page.locator("#pay-status")).toHaveAttribute("data-kind", "rejected");
  expect(await usdcBalance(payer.address)).toBe(before);
  expect(wallet.sent).toEqual([]);
  expect(await unlockCount(share.slug)).toBe(0);
  expect((await api("/hub/ledger?type=quickshare&limit=100")).body.activities.filter((a: any) => a.payerWallet?.toLowerCase() === payer.address.toLowerCase())).toEqual([]);

  // Still usable: pay for real now.
  await page.getByRole("radio", { name: /Gateway/ }).check();
  await page.getByTestId("pay-button").click();
  await expect(page.locator("#qs-content")).toHaveText("Leaves at 23:40.");
  expect(await unlockCount(share.slug)).toBe(1);
});

test("without JavaScript a free share still reads and a paid share shows its price and the way to pay", async ({ browser }) => {
  const owner = await person();
  const free = await createShare(owner, { title: "Open letter", content: "Anyone may read this." });
  const paid = await createShare(owner, { title: "Closed letter", content: "Only buyers read this.", price: "0.2" });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/qs/${free.slug}`);
  await expect(page.locator("#qs-content")).toHaveText("Anyone may read this.");
  await page.goto(`/qs/${paid.slug}`);
  await expect(page.getByText("Only buyers read this.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pay 0.2 USDC" })).toHaveAttribute("href", `/qs/${paid.slug}/unlock`);
  await expect(page.getByRole("link", { name: "Bought it already? Sign in" })).toHaveAttribute("href", `/qs/${paid.slug}/unlock?signin=1`);
  const unlock = await page.goto(`/qs/${paid.slug}/unlock`);
  expect(unlock!.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Unlock for 0.2 USDC" })).toBeVisible();
  await context.close();
});
