// The one wagmi paywall on a hosted blog's own origin (<name>.localhost): a reader pays a post on each
// rail, a returning wallet signs in on the blog (sb_auth_session) and reads without paying, and the
// blog's index and post pages read well at desktop and phone widths (no sideways scroll at 390 px).
import { expect, test, type Page } from "../support/fixtures";
import { blogSignIn, cleanupBlogs, createBlog, createPost, originOf, upload } from "../support/blog";
import { person } from "../support/quickshare";
import { PHONE, screenshots } from "../support/screens";
import { connectWallet, installTestWallet, type TestWallet } from "../support/test-wallet";
import { CHAIN_ID, freshPayer, RPC_URL, usdc, usdcBalance } from "../support/x402";

test.afterAll(cleanupBlogs);

const count = (w: TestWallet, method: string) => w.calls.filter((c) => c === method).length;

function watchOutside(page: Page, domain: string) {
  const outside: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (![domain, "127.0.0.1", "localhost"].includes(u.hostname) && !u.protocol.startsWith("data")) outside.push(r.url());
  });
  return outside;
}

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

// The paywall asks the access route for the challenge first: the browser logs that 402.
test.use({ expectedConsoleErrors: [/status of 402 \(Payment Required\)/] });

test("a reader pays a blog post with the paywall on the gateway rail, and another on the transfer rail; reloads read with the kept proof", async ({ page }) => {
  const owner = await person();
  const blog = await createBlog(owner, "pay");
  const admin = await blogSignIn(blog.domain, owner.account);
  await createPost(blog.domain, admin, { title: "Dredging plan", slug: "dredging", body: "## Plan\n\n- Berth 3 first\n- Then berth 5", price: "0.2", summary: "Which berths, when." });
  await createPost(blog.domain, admin, { title: "Pilot roster", slug: "roster", body: "Pilot Ana on Tuesdays.", price: "0.3" });
  const payer = await freshPayer({ wallet: "2", deposit: "1" });
  const wallet = await installTestWallet(page, { pk: payer.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  const outside = watchOutside(page, blog.domain);
  const origin = originOf(blog.domain);

  // Gateway rail: the deposit covers it, one signature, no transaction.
  await page.goto(`${origin}/article/dredging`);
  await expect(page.getByRole("heading", { name: "Unlock for 0.2 USDC" })).toBeVisible();
  await expect(page.locator("#qs-content")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /Gateway/ })).toBeChecked();
  // Not connected yet: Pay asks the wallet to connect first.
  await page.getByTestId("pay-button").click();
  await expect(page.locator("#qs-content h2")).toHaveText("Plan");
  await expect(page.locator("#qs-content li")).toHaveText(["Berth 3 first", "Then berth 5"]);
  await expect(page.locator("#pay-status")).toContainText("Paid 0.2 USDC");
  expect(count(wallet, "eth_signTypedData_v4")).toBe(1);
  expect(count(wallet, "eth_sendTransaction")).toBe(0);
  await page.reload();
  await expect(page.locator("#qs-content li")).toHaveText(["Berth 3 first", "Then berth 5"]);
  expect(count(wallet, "eth_signTypedData_v4")).toBe(1);

  // Transfer rail: one USDC transfer, one tx-owner signature.
  const before = await usdcBalance(payer.address);
  await page.goto(`${origin}/article/roster`);
  await connectWallet(page, { header: false });
  await page.getByRole("radio", { name: /Transfer/ }).check();
  await page.getByTestId("pay-button").click();
  await expect(page.locator("#qs-content")).toHaveText("Pilot Ana on Tuesdays.");
  await expect(page.locator("#pay-status")).toContainText("Paid 0.3 USDC");
  expect(count(wallet, "eth_sendTransaction")).toBe(1);
  expect(count(wallet, "personal_sign")).toBe(1);
  expect(await usdcBalance(payer.address)).toBe(before - usdc("0.3"));
  await page.reload();
  await expect(page.locator("#qs-content")).toHaveText("Pilot Ana on Tuesdays.");
  expect(count(wallet, "eth_sendTransaction")).toBe(1);
  expect(outside).toEqual([]);
});

test("a returning wallet signs in on the blog's origin and reads a post it bought without paying again", async ({ browser }) => {
  const owner = await person();
  const blog = await createBlog(owner, "back");
  const admin = await blogSignIn(blog.domain, owner.account);
  await createPost(blog.domain, admin, { title: "Winter moorings", slug: "winter", body: "Moorings move to basin B.", price: "0.15" });
  const payer = await freshPayer({ wallet: "1", deposit: "1" });
  const origin = originOf(blog.domain);

  // First browser: pays.
  const first = await browser.newContext();
  const a = await first.newPage();
  const walletA = await installTestWallet(a, { pk: payer.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  await a.goto(`${origin}/article/winter`);
  await a.getByTestId("pay-button").click();
  await expect(a.locator("#qs-content")).toHaveText("Moorings move to basin B.");
  expect(count(walletA, "eth_signTypedData_v4")).toBe(1);
  await first.close();

  // Second browser, no proof kept: sign in on the blog with the same wallet; no payment.
  const second = await browser.newContext();
  const b = await second.newPage();
  const walletB = await installTestWallet(b, { pk: payer.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  await b.goto(`${origin}/article/winter`);
  await expect(b.getByText("Moorings move to basin B.")).toHaveCount(0);
  await b.getByRole("button", { name: "Sign in with the wallet" }).click();
  await expect(b.getByRole("heading", { name: "Sign in to read" })).toBeVisible();
  await connectWallet(b, { header: false });
  // The blog's header shows the connected wallet (drawn by the paywall's wallet island) and the way back to the hub.
  await expect(b.locator(`.sb-top .wallet-chip[title="${payer.address}"]`)).toBeVisible();
  await expect(b.locator(".sb-top").getByRole("link", { name: /Paid Content Hub/ })).toHaveAttribute("href", /\/explore$/);
  await b.getByTestId("share-sign-in").click();
  await expect(b.locator("#qs-content")).toHaveText("Moorings move to basin B.");
  await expect(b.locator("#signin-status")).toContainText("access granted");
  expect(count(walletB, "personal_sign")).toBe(1);
  expect(count(walletB, "eth_signTypedData_v4")).toBe(0);
  const cookies = await second.cookies(origin);
  expect(cookies.map((c) => c.name)).toContain("sb_auth_session");
  // The blog session now renders the post on the server.
  await b.reload();
  await expect(b.locator("#share")).toHaveAttribute("data-svc-state", "granted");
  await expect(b.locator("#qs-content")).toHaveText("Moorings move to basin B.");
  expect(count(walletB, "eth_signTypedData_v4")).toBe(0);
  // The header says who is signed in to this blog, and signing out ends the blog session.
  await expect(b.getByTestId("blog-signed-in")).toContainText(`${payer.address.slice(0, 6)}…${payer.address.slice(-4)}`);
  await b.getByTestId("blog-signed-in").getByRole("button", { name: "Sign out" }).click();
  await expect(b.getByTestId("blog-signed-in")).toHaveCount(0);
  await expect(b.locator("#share")).not.toHaveAttribute("data-svc-state", "granted");
  await second.close();
});

test("the blog's index of post cards and a post page with teaser and document preview, at desktop and phone width, in light and dark", async ({ page }) => {
  const owner = await person();
  const blog = await createBlog(owner, "look");
  const admin = await blogSignIn(blog.domain, owner.account);
  await createPost(blog.domain, admin, { title: "Harbour log", slug: "harbour-log", body: "# Log\n\nA **free** entry with a [link](https://example.org/charts).", summary: "Daily notes from the pier." });
  const csv = Array.from({ length: 20 }, (_, i) => `tide${i},${i},a-rather-long-cell-value-that-should-not-push-the-page-sideways-${i}`).join("\n");
  const ref = await upload(blog.domain, admin, { name: "tides.csv", type: "text/csv", data: csv });
  await createPost(blog.domain, admin, { type: "document", title: "Tide sheet", slug: "tide-sheet", price: "0.10", media: [ref], summary: "Twenty tides." });
  const origin = originOf(blog.domain);

  await page.goto(`${origin}/`);
  const cards = page.locator(".sb-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: "Tide sheet" })).toContainText("0.1 USDC");
  await expect(cards.filter({ hasText: "Tide sheet" }).locator(".badge")).toHaveText(["document", "paid"]);
  await expect(cards.filter({ hasText: "Harbour log" }).locator(".badge")).toHaveText(["article", "free"]);
  await screenshots(page, "blog-index");
  await noSidewaysScroll(page);

  await page.goto(`${origin}/document/tide-sheet`);
  await expect(page.getByText("Twenty tides.")).toBeVisible();
  await expect(page.locator("#sb-document tr")).toHaveCount(12);
  // The preview sits above the paywall.
  const previewBox = await page.locator("#sb-document").boundingBox();
  const paywallBox = await page.getByTestId("pay-panel").boundingBox();
  expect(previewBox!.y).toBeLessThan(paywallBox!.y);
  await screenshots(page, "blog-post-paywall");
  await noSidewaysScroll(page);

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`${origin}/article/harbour-log`);
  await expect(page.locator("#qs-content h1")).toHaveText("Log");
  await expect(page.locator("#qs-content a")).toHaveAttribute("href", "https://example.org/charts");
  const bg = await page.locator(".sb").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).toBe("rgb(20, 19, 18)");
  await screenshots(page, "blog-post-dark");
  await noSidewaysScroll(page);
});
