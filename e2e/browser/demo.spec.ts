// The first five minutes: the demo that `npm start` seeds (scripts/lib/demo-content.mjs, through the
// hub's API, not test fixtures) can be bought in a browser with no wallet extension, by picking the
// "Demo reader" wallet; the demo wallets exist only on a testnet hub on a loopback chain, and are
// absent from the page and its JavaScript on a mainnet hub or a hub whose chain is not loopback.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEV_ROLES, devAccount } from "../../scripts/lib/dev-accounts.mjs";
import { DEMO_BLOG, seedDemoContent } from "../../scripts/lib/demo-content.mjs";
import { startExtraHub, type ExtraHub } from "../support/extra-hub";
import { expect, test, type Page } from "../support/fixtures";
import { HUB_URL } from "../support/hub";
import { connectDemoWallet, type DemoContent, demoCreator, demoForSuite } from "../support/demo";
import { db } from "../support/quickshare";
import { screenshots } from "../support/screens";
import { installTestWallet } from "../support/test-wallet";
import { CHAIN_ID, RPC_URL } from "../support/x402";

const root = path.resolve(import.meta.dirname, "../..");
// The demo as `npm start` seeds it, removed after this suite (e2e/support/demo.ts).
const seeded = demoForSuite(test);
let demo: DemoContent;
test.beforeAll(() => {
  demo = seeded();
});

// The paywall asks for the post before paying: the browser logs the 402 it answers.
test.use({ expectedConsoleErrors: [/status of 402 \(Payment Required\)/] });

test("the seed is idempotent and makes a post of every type, each one explore content that links to this hub", async () => {
  const again = await seedDemoContent({ hubUrl: HUB_URL, creatorKey: demoCreator.privateKey });
  expect(again.posts.map((p) => p.slug)).toEqual(demo.posts.map((p) => p.slug));
  expect(again.shares.map((s) => s.slug)).toEqual(demo.shares.map((s) => s.slug));
  expect(new Set(demo.posts.map((p) => p.type))).toEqual(new Set(["article", "image", "music", "video", "document"]));
  expect(demo.posts.some((p) => p.price === "0")).toBe(true);
  expect(demo.shares.map((s) => s.price)).toEqual(["0", "0.05"]);
  const explore = await fetch(`${HUB_URL}/hub/explore/content?limit=100&q=tide`).then((r) => r.json());
  const urls = new Set((explore.content as { url: string }[]).map((i) => i.url));
  for (const p of demo.posts.filter((x) => x.slug !== "welcome")) expect(urls).toContain(p.url);
  for (const url of urls) if (url.includes(DEMO_BLOG)) expect(url.startsWith(demo.blog.origin)).toBe(true);
});

test("a reader without a wallet extension pays a demo post with the Demo reader wallet and reads it", async ({ page }) => {
  const post = demo.posts.find((p) => p.slug === "reading-the-tides")!;
  await page.goto(`${demo.blog.origin}/`);
  await expect(page.locator(".sb-card")).toHaveCount(demo.posts.length);
  await screenshots(page, "demo-blog");

  await page.goto(post.url);
  await expect(page.getByRole("heading", { name: `Unlock for ${post.price} USDC` })).toBeVisible();
  await expect(page.locator("#qs-content")).toHaveCount(0);
  // No extension: "Connect wallet" says so and offers the demo wallets, which RainbowKit lists.
  await page.locator('[data-guard="connect"]').getByRole("button", { name: "Connect wallet", exact: true }).click();
  const none = page.getByRole("dialog", { name: "No wallet found" });
  await expect(none).toBeVisible();
  await none.getByTestId("use-demo-wallet").click();
  await expect(page.getByText("Demo wallets (local chain, public keys)")).toBeVisible();
  // No extension, so no generic "Browser Wallet" entry that would open nothing.
  await expect(page.getByText("Browser Wallet", { exact: true })).toHaveCount(0);
  await page.getByText("Demo reader (public test key)").click();
  await expect(page.locator('[data-guard="connect"]')).toHaveCount(0, { timeout: 30_000 });
  await screenshots(page, "demo-post-paywall");

  await page.getByTestId("pay-button").click();
  await expect(page.locator("#pay-status")).toContainText(`Paid ${post.price} USDC`, { timeout: 60_000 });
  await expect(page.locator("#qs-content h2").first()).toHaveText("Fifty minutes a day");
  await screenshots(page, "demo-post-unlocked");
  // The wallet is remembered: a reload reads with the kept proof, still connected, no second payment.
  await page.reload();
  await expect(page.locator("#qs-content h2").first()).toHaveText("Fifty minutes a day");
  // One payment, by the demo reader, for this post.
  const reader = devAccount(DEV_ROLES.payers[0]).address;
  const postId = (await db().blogPost.findFirstOrThrow({ where: { slug: post.slug, site: { domain: demo.blog.domain } } })).id;
  const payments = await db().payment.findMany({ where: { resourceType: "blogpost", resourceId: postId } });
  expect(payments.map((p) => p.payer.toLowerCase())).toEqual([reader.toLowerCase()]);
});

test("the demo creator signs in to the demo blog's editor without an extension and sees its posts", async ({ page }) => {
  await page.goto(demo.blog.admin);
  // At once, as a hurried person would: the dialog offers the demo wallets as soon as their code is there.
  await page.getByRole("button", { name: "Connect wallet", exact: true }).click();
  const none = page.getByRole("dialog", { name: "No wallet found" });
  await expect(none).toBeVisible();
  await expect(none).not.toContainText("npm run pay"); // nothing to pay on the editor's sign-in
  await none.getByRole("button", { name: "Close" }).click();
  await connectDemoWallet(page, { wallet: "Demo creator", connected: page.getByTestId("admin-sign-in") });
  await page.getByTestId("admin-sign-in").click();
  await expect(page.getByTestId("post-row")).toHaveCount(demo.posts.length);
  // The unlock the demo reader just bought, and its revenue (columns: status, type, price, views, unlocks, revenue).
  const bought = page.getByTestId("post-row").filter({ hasText: "Reading the tides" }).locator("td");
  await expect(bought.nth(4)).toHaveText("1");
  await expect(bought.nth(5)).toHaveText("0.05 USDC");
  await screenshots(page, "demo-blog-editor");
});

/**
 * The hub's dashboard (a page with the wallet stack) with a wallet extension installed: the wallet list
 * RainbowKit shows, and `js()`, every script the page loaded until it is called (it waits for their
 * bodies: a chunk loaded just after hydration, as the demo wallets' is, may still be arriving).
 */
async function walletListAndScripts(page: Page, base: string) {
  const scripts: Array<Promise<string>> = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" || r.url().endsWith(".js")) scripts.push(r.text().catch(() => ""));
  });
  await installTestWallet(page, { chainId: CHAIN_ID, rpcUrl: RPC_URL });
  await page.goto(`${base}/dashboard`);
  const html = await page.content();
  await expect(async () => {
    if (!(await page.getByText("Test Wallet").isVisible())) await page.getByRole("button", { name: "Connect Wallet" }).first().click({ timeout: 5_000 });
    await expect(page.getByText("Test Wallet")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const list = await page.getByRole("dialog").innerText();
  const js = async () => {
    await page.waitForLoadState("networkidle");
    return (await Promise.all(scripts)).join("\n");
  };
  return { list, html, js };
}

test.describe("the demo wallets are only on a local testnet hub", () => {
  const hubs: ExtraHub[] = [];
  const dirs: string[] = [];
  test.afterAll(async () => {
    await Promise.all(hubs.map((h) => h.stop()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test("listed on this hub (a testnet hub on anvil)", async ({ page }) => {
    const { js } = await walletListAndScripts(page, HUB_URL);
    // The demo wallets join the list just after hydration (components/use-connect-wallet.tsx): wait for them.
    await expect(page.getByRole("dialog")).toContainText("Demo reader");
    expect(await js()).toContain("Demo wallets (local chain, public keys)");
  });

  test("absent from the page and its JavaScript on a mainnet hub and on a hub whose chain is not loopback", async ({ page, context }) => {
    test.setTimeout(240_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), "hub-demo-"));
    dirs.push(dir);
    const url = `file:${path.join(dir, "mainnet.db")}`;
    execFileSync(process.execPath, [path.join(root, "scripts/migrate.mjs")], { cwd: root, env: { ...process.env, DATABASE_URL: url }, stdio: "ignore" });
    // allSettled: when one fails to start, the other is still stopped in afterAll.
    const started = await Promise.allSettled([
      startExtraHub({ NETWORK_MODE: "mainnet", DATABASE_URL: url, DATA_DIR: dir, REDIS_URL: "" }),
      startExtraHub({ PUBLIC_RPC_URL: "https://rpc.example.org", REDIS_URL: "" }),
    ]);
    for (const s of started) if (s.status === "fulfilled") hubs.push(s.value);
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    for (const hub of hubs) {
      const tab = await context.newPage();
      const { list, html, js } = await walletListAndScripts(tab, hub.url);
      expect(list).toContain("Test Wallet");
      for (const text of [list, html, await js()]) {
        expect(text).not.toContain("Demo reader");
        expect(text).not.toContain("Demo wallets");
      }
      await tab.close();
    }
    void page;
  });
});
