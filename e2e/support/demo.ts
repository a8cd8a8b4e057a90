// The demo content `npm start` seeds (scripts/lib/demo-content.mjs, through the hub's API), for browser
// suites that use it: seeded before the suite, and its blog removed after it (posts first, so they leave
// explore), so later suites see only their own content.
import { privateKeyToAccount } from "viem/accounts";
import { DEV_ROLES, devAccount } from "../../scripts/lib/dev-accounts.mjs";
import { seedDemoContent } from "../../scripts/lib/demo-content.mjs";
import { blogRequest, blogSignIn } from "./blog";
import { expect, test, type Page } from "./fixtures";
import type { Locator } from "@playwright/test";
import { removeSites } from "./db";
import { HUB_URL } from "./hub";
import { db } from "./quickshare";

export type DemoContent = Awaited<ReturnType<typeof seedDemoContent>>;

/** The demo creator (anvil's first creator account), who owns the demo blog. */
export const demoCreator = devAccount(DEV_ROLES.creators[0]);

/** Seeds the demo in the suite's beforeAll and removes its blog in afterAll; `demo()` is what was seeded. */
export function demoForSuite(suite: typeof test): () => DemoContent {
  let demo: DemoContent | undefined;
  suite.beforeAll(async () => {
    demo = await seedDemoContent({ hubUrl: HUB_URL, creatorKey: demoCreator.privateKey });
  });
  suite.afterAll(async () => {
    if (!demo) return;
    const cookie = await blogSignIn(demo.blog.domain, privateKeyToAccount(demoCreator.privateKey as `0x${string}`));
    const posts = (await blogRequest(demo.blog.domain, "/api/admin/posts", { cookie })).body.posts as { id: string }[];
    for (const p of posts) await blogRequest(demo.blog.domain, `/api/admin/posts/${p.id}`, { method: "DELETE", cookie });
    const sites = await db().site.findMany({ where: { domain: demo.blog.domain }, select: { id: true } });
    await removeSites(
      db(),
      sites.map((s) => s.id),
    );
  });
  return () => {
    if (!demo) throw new Error("the demo content is seeded in beforeAll");
    return demo;
  };
}

/**
 * Connects a demo wallet from a browser without an extension and waits for `connected`: "Connect
 * wallet", the "No wallet found" dialog's demo wallets, then `wallet` in RainbowKit's list. Once, in
 * a CI run on PostgreSQL, the chosen wallet had not connected a minute later (the editor's sign-in
 * never showed) and the run kept nothing that said why. A person would choose the wallet again: this
 * does so once, from a reloaded page, after printing what the page showed, so such a run says it.
 */
export async function connectDemoWallet(page: Page, { wallet, connected, connectButton }: { wallet: string; connected: Locator; connectButton?: Locator }) {
  const button = connectButton ?? page.getByRole("button", { name: "Connect wallet", exact: true });
  const attempt = async () => {
    await button.click();
    const none = page.getByRole("dialog", { name: "No wallet found" });
    await expect(none).toBeVisible();
    await none.getByTestId("use-demo-wallet").click();
    await page.getByText(`${wallet} (public test key)`).click();
    await expect(connected).toBeVisible({ timeout: 25_000 });
  };
  try {
    await attempt();
  } catch (err) {
    const shown = await page.locator("body").innerText().catch(() => "(page gone)");
    const note = `${wallet} did not connect (${(err as Error).message.split("\n")[0]}); the page showed:\n${shown.slice(0, 2_000)}`;
    console.log(`[connectDemoWallet] ${note}`);
    test.info().annotations.push({ type: "demo wallet retried", description: note });
    await page.reload();
    await attempt();
  }
}
