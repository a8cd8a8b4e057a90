import { expect, test, type Page } from "../support/fixtures";
import { privateKeyToAccount } from "viem/accounts";
import { createShare, person } from "../support/quickshare";
import { screenshots } from "../support/screens";
import { connectWallet, installTestWallet } from "../support/test-wallet";

// anvil dev key #2: a local-chain test account (no funds needed to sign in).
const READER_PK = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a" as const;
// anvil dev key #5: a demo payer the seed funds with 100 USDC (local chain only).
const PAYER_PK = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba" as const;
// Named console errors: the 402 a paid share answers before payment, the 404 page of an unknown link.
test.use({ expectedConsoleErrors: [/status of 402 \(Payment Required\)|\/qs\/zzzzzzzz: Failed to load resource: .* 404/] });

function watchOutside(page: Page) {
  const outside: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (!["127.0.0.1", "localhost"].includes(u.hostname) && !u.protocol.startsWith("data")) outside.push(r.url());
  });
  return outside;
}

test("a reader opens a free share: the page is server-rendered with its svc: tags and the body", async ({ page }) => {
  const owner = await person();
  const share = await createShare(owner, { title: "Harbour notes", summary: "Three lines from the pier", content: "First line.\n\nSecond paragraph & more." });
  const outside = watchOutside(page);

  const res = await page.goto(`/qs/${share.slug}`);
  expect(res!.status()).toBe(200);
  expect(res!.headers()["link"]).toContain(`/quickshare/${share.slug}/manifest>; rel="alternate"; type="application/json"`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Harbour notes");
  await expect(page.getByText("Three lines from the pier")).toBeVisible();
  await expect(page.locator("#qs-content p")).toHaveText(["First line.", "Second paragraph & more."]);
  await expect(page.locator('meta[name="svc:price"]')).toHaveAttribute("content", "0");
  await expect(page.locator('meta[name="svc:access"]')).toHaveAttribute("content", "free");
  await expect(page.locator("#share")).toHaveAttribute("data-svc-path", `/qs/${share.slug}`);
  expect(outside).toEqual([]);
});

test("an invited reader signs in with a wallet (wagmi + RainbowKit) from the share page and the body appears", async ({ page }) => {
  const owner = await person();
  const reader = privateKeyToAccount(READER_PK);
  const share = await createShare(owner, { title: "For the crew", content: "Meet at dock 4.", publicAccess: false, whitelist: [reader.address] });
  const outside = watchOutside(page);
  const wallet = await installTestWallet(page, { pk: READER_PK, chainId: 5042002 });

  await page.goto(`/qs/${share.slug}`);
  await expect(page.getByRole("heading", { name: "Invite-only" })).toBeVisible();
  await expect(page.getByText("Meet at dock 4.")).toHaveCount(0);
  // The share page is plain server HTML with no wallet code: its sign-in is a link to the wallet page.
  expect(wallet.calls).toEqual([]);
  await page.getByRole("link", { name: "Sign in with an invited wallet" }).click();
  await expect(page).toHaveURL(new RegExp(`/qs/${share.slug}/unlock\\?signin=1$`));
  await expect(page.getByRole("heading", { name: "Sign in to read" })).toBeVisible();
  await connectWallet(page);
  await screenshots(page, "reader-share-signin");
  await page.getByTestId("share-sign-in").click();
  await expect(page.locator("#qs-content")).toHaveText("Meet at dock 4.");
  await expect(page.locator("#signin-status")).toContainText("access granted");
  await screenshots(page, "reader-share-signin-granted");
  expect(wallet.calls.filter((c) => c === "personal_sign")).toHaveLength(1);
  // The header shows the same session.
  await expect(page.getByTestId("signed-in")).toContainText(reader.address.slice(0, 6));

  // Back on the share page the server renders the body for the session; no new signature.
  await page.getByRole("link", { name: "Open the share page" }).click();
  await expect(page).toHaveURL(new RegExp(`/qs/${share.slug}$`));
  await expect(page.locator("#share")).toHaveAttribute("data-svc-state", "granted");
  await expect(page.locator("#qs-content")).toHaveText("Meet at dock 4.");
  expect(wallet.calls.filter((c) => c === "personal_sign")).toHaveLength(1);
  expect(outside).toEqual([]);
});

test("a wallet that is not invited signs in and is told so; the page stays usable", async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 403 \(Forbidden\)/); // the access route's refusal, which the page then explains
  const owner = await person();
  const share = await createShare(owner, { title: "Crew only", content: "Dock 9.", publicAccess: false, whitelist: [owner.address] });
  const wallet = await installTestWallet(page, { pk: READER_PK, chainId: 5042002 });

  await page.goto(`/qs/${share.slug}/unlock?signin=1`);
  await expect(page.getByRole("heading", { name: "Sign in to read" })).toBeVisible();
  await connectWallet(page);
  // Refusing the signature signs nobody in.
  wallet.rejectNext();
  await page.getByTestId("share-sign-in").click();
  await expect(page.locator("#signin-status")).toHaveAttribute("data-kind", "rejected");
  expect((await page.request.get("/auth/me")).status()).toBe(401);

  await page.getByTestId("share-sign-in").click();
  await expect(page.getByRole("heading", { name: "No access for this wallet" })).toBeVisible();
  await expect(page.locator("#signin-status")).toHaveAttribute("data-kind", "hub");
  await expect(page.getByText("Dock 9.")).toHaveCount(0);
  await page.goto(`/qs/${share.slug}`);
  await expect(page.getByRole("heading", { name: "Invite-only" })).toBeVisible();
  await expect(page.getByText("Dock 9.")).toHaveCount(0);
});

test("a stranger sees the invite-only notice and no body; an unknown link gets its own 404 page", async ({ page }) => {
  const owner = await person();
  const share = await createShare(owner, { content: "Secret plan.", publicAccess: false, whitelist: [owner.address] });
  await page.goto(`/qs/${share.slug}`);
  await expect(page.getByText("Secret plan.")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Invite-only" })).toBeVisible();

  const missing = await page.goto("/qs/zzzzzzzz");
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No share lives at this link." })).toBeVisible();
});

test("a reader pays a paid share from the browser wallet; the proof kept in the browser re-reads it after a reload", async ({ page }) => {
  const owner = await person();
  const share = await createShare(owner, { title: "Harbour plans", content: "Berth 7 at noon.", price: "0.25" });
  const outside = watchOutside(page);
  const wallet = await installTestWallet(page, { pk: PAYER_PK, chainId: 5042002 });

  await page.goto(`/qs/${share.slug}`);
  await expect(page.locator("#qs-price")).toHaveText("0.25 USDC");
  await expect(page.getByText("Berth 7 at noon.")).toHaveCount(0);
  // The pay action lives on the wallet page (wagmi + RainbowKit); the seeded payer has a Gateway deposit.
  await page.getByRole("link", { name: "Pay 0.25 USDC" }).click();
  // The helper retries: a click that lands before the page hydrates (a loaded machine) opens no modal.
  await connectWallet(page);
  await page.getByTestId("pay-button").click();
  await expect(page.locator("#qs-content")).toHaveText("Berth 7 at noon.");
  await expect(page.locator("#pay-status")).toContainText("Paid 0.25 USDC");
  expect(wallet.calls).toContain("eth_signTypedData_v4");
  const signatures = wallet.calls.filter((c) => c === "eth_signTypedData_v4").length;

  await page.goto(`/qs/${share.slug}`);
  await expect(page.locator("#qs-content")).toHaveText("Berth 7 at noon.");
  expect(wallet.calls.filter((c) => c === "eth_signTypedData_v4").length).toBe(signatures);
  expect(outside).toEqual([]);
});
