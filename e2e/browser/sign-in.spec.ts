import { expect, test } from "../support/fixtures";
import { installTestWallet } from "../support/test-wallet";

// anvil dev key #1: a local-chain test account.
const PK = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;

test("a person connects a wallet and signs in; the session survives a reload and signing out ends it", async ({ page }) => {
  const wallet = await installTestWallet(page, { pk: PK, chainId: 5042002 });
  const outside: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (!["127.0.0.1", "localhost"].includes(u.hostname) && !u.protocol.startsWith("data")) outside.push(r.url());
  });

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Pixel Press").first()).toBeVisible();

  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page.getByText("Test Wallet").click();
  await expect(page.getByRole("button", { name: "Sign in with wallet" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with wallet" }).click();

  const short = `${wallet.account.address.slice(0, 6)}…${wallet.account.address.slice(-4)}`;
  await expect(page.getByTestId("signed-in")).toContainText(short);
  expect(wallet.calls).toContain("personal_sign");

  const me = await page.request.get("/auth/me");
  expect(me.status()).toBe(200);
  expect((await me.json()).wallet).toBe(wallet.account.address);

  await page.reload();
  await expect(page.getByTestId("signed-in")).toContainText(short);

  await page.getByRole("button", { name: "Sign out" }).click();
  // The header after a reload shows the server's session without wallet code; signed out, it offers to connect.
  await expect(page.getByRole("button", { name: "Connect Wallet" })).toBeEnabled();
  expect((await page.request.get("/auth/me")).status()).toBe(401);
  expect(outside).toEqual([]);
});
