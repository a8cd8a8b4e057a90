// Every page clean: axe-core (WCAG 2.1 AA) finds nothing on any hub page or hosted-blog page, signed
// out and signed in, nor in the wallet dialog; icons answer on every origin; pages that never act
// with a wallet load no wallet code; a browser without a wallet is told so and shown the ways forward.
// (Console errors and page errors fail every spec through the shared fixture.)
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "../support/fixtures";
import { blogSignIn, cleanupBlogs, createBlog, createPost, originOf } from "../support/blog";
import { api, HUB_URL } from "../support/hub";
import { createShare, person } from "../support/quickshare";
import { hydrated, installTestWallet } from "../support/test-wallet";

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

test.describe.configure({ timeout: 360_000 });
test.afterAll(cleanupBlogs);

/** axe over the page as it stands: every violation listed with its nodes, so a failure says what to fix. */
async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`).join("\n    ")}`);
  expect(report, `axe on ${label}`).toEqual([]);
}

/** Opens a page and waits until it is interactive (its header's session control is live). */
async function open(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res!.status(), `${path} answered ${res!.status()}`).toBeLessThan(400);
  await page.locator("h1").first().waitFor();
  if (await page.locator(".wallet-bar").count()) await hydrated(page);
}

/** Records which of the page's scripts carry the wallet stack (wagmi's config names "injected-only"). */
function walletScripts(page: Page) {
  const found: string[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() !== "script") return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    if (body.includes("injected-only")) found.push(res.url());
  });
  return found;
}

async function fixtures() {
  const owner = await person();
  const free = await createShare(owner, { title: "Harbour notes", content: "First line.\n\nSecond paragraph." });
  const paid = await createShare(owner, { title: "Harbour plans", summary: "The berth map", content: "Berth 7 at noon.", price: "0.25" });
  const contentId: string = (await api("/hub/explore/content?limit=1")).body.content[0].id;
  const ledger = (await api("/hub/ledger?limit=50")).body;
  const tx: string | undefined = ledger.activities.find((r: { txHash?: string | null }) => r.txHash)?.txHash;
  return { owner, free, paid, contentId, tx };
}

test("every hub page, signed out: no axe violations, no session request, no wallet code where nothing pays", async ({ page, consoleErrors }) => {
  const f = await fixtures();
  const asked: string[] = [];
  page.on("request", (r) => { if (new URL(r.url()).pathname.endsWith("/auth/me")) asked.push(r.url()); });
  const wallet = walletScripts(page);

  // Pages that never act with a wallet: no wallet stack on them.
  const plain = ["/", "/explore", "/ledger", "/stats", "/leaderboards?type=content", "/leaderboards?type=sites", "/dashboard", "/dashboard/new", "/dashboard/sites", "/dashboard/webhooks", "/purchases", `/qs/${f.free.slug}`, `/qs/${f.paid.slug}`];
  if (f.tx) plain.push(`/ledger/tx/${f.tx}`);
  for (const path of plain) {
    await open(page, path);
    await expectNoViolations(page, path);
  }
  expect(wallet, "pages that never use a wallet loaded wallet code").toEqual([]);

  // Pages that act with a wallet carry it, and are just as clean.
  for (const path of ["/tip", `/tip?url=${encodeURIComponent("https://pixel-press.example/")}`, "/tip/held", "/rate", `/rate?contentId=${f.contentId}`, `/qs/${f.paid.slug}/unlock`]) {
    await open(page, path);
    await expectNoViolations(page, path);
  }
  expect(wallet.length, "the pay, tip and rate pages load the wallet stack").toBeGreaterThan(0);

  consoleErrors.allow(/no-such-page: Failed to load resource: .* 404/); // the browser logs a page's own 404
  const missing = await page.goto("/no-such-page");
  expect(missing!.status()).toBe(404);
  await expectNoViolations(page, "the 404 page");
  expect(asked, "a signed-out visitor's pages asked GET /auth/me").toEqual([]);
});

test("every hub page, signed in: no axe violations and the header shows the session without wallet code", async ({ page, context }) => {
  const f = await fixtures();
  const [name, value] = f.owner.cookie.split("=");
  await context.addCookies([{ name: name!, value: value!, url: HUB_URL }]);
  const wallet = walletScripts(page);
  const short = `${f.owner.address.slice(0, 6)}…${f.owner.address.slice(-4)}`;

  for (const path of ["/", "/explore", "/ledger", "/stats", "/dashboard", "/dashboard/new", "/dashboard/sites", "/dashboard/webhooks", `/dashboard/shares/${f.paid.slug}`, "/purchases"]) {
    await open(page, path);
    await expect(page.getByTestId("signed-in")).toContainText(short);
    await expectNoViolations(page, `${path} (signed in)`);
  }
  expect(wallet, "signed in, the header needs no wallet code to show the session").toEqual([]);
  for (const path of ["/tip", "/tip/held", `/rate?contentId=${f.contentId}`, `/qs/${f.paid.slug}/unlock`]) {
    await open(page, path);
    await expect(page.getByTestId("signed-in").first()).toContainText(short);
    await expectNoViolations(page, `${path} (signed in)`);
  }

  // Sign out from the light header: the server session ends and the header offers to connect.
  await open(page, "/stats");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Connect Wallet" })).toBeEnabled();
  expect((await page.request.get("/auth/me")).status()).toBe(401);
});

test("the wallet dialog meets WCAG AA, and the wallet stack loads only when the visitor connects", async ({ page }) => {
  await installTestWallet(page, { chainId: 5042002 });
  const wallet = walletScripts(page);
  await open(page, "/stats");
  expect(wallet).toEqual([]);
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Test Wallet")).toBeVisible();
  expect(wallet.length, "connecting loads the wallet stack").toBeGreaterThan(0);
  await expectNoViolations(page, "the connect dialog");
  await dialog.getByText("Test Wallet").click();
  await expect(page.getByRole("button", { name: "Sign in with wallet" })).toBeVisible();
  await expectNoViolations(page, "the header with a connected wallet");
});

test("a browser without a wallet is told so, with the two ways forward", async ({ page, baseURL }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  const dialog = page.getByRole("dialog", { name: "No wallet found" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Install a browser wallet");
  await expect(dialog).toContainText(`npm run pay -- ${baseURL}/hub/pay`);
  // On this local chain the quickest way forward comes first and has the focus (not a link in the text).
  await expect(dialog.getByTestId("use-demo-wallet")).toBeFocused();
  await expect(page.getByText(/Opening Browser Wallet/)).toHaveCount(0);
  await expectNoViolations(page, "the no-wallet dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The pay page's own connect button says the same, naming the share to pay with a client.
  const owner = await person();
  const paid = await createShare(owner, { title: "Harbour plans", content: "Berth 7 at noon.", price: "0.25" });
  await open(page, `/qs/${paid.slug}/unlock`);
  await page.getByRole("button", { name: "Connect wallet", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "No wallet found" })).toContainText(`npm run pay -- ${baseURL}/qs/${paid.slug}`);
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog", { name: "No wallet found" })).toBeHidden();
});

test("icons answer on the hub and on a hosted blog's origin; blog pages have no axe violations", async ({ page, request }) => {
  await open(page, "/");
  const links = await page.locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]').evaluateAll((els) => els.map((e) => (e as HTMLLinkElement).href));
  expect(links.length).toBeGreaterThanOrEqual(3);
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  const paths = ["/favicon.ico", ...links.map((l) => new URL(l).pathname), ...manifest.icons.map((i: { src: string }) => i.src)];

  const owner = await person();
  const blog = await createBlog(owner, "a11y");
  const admin = await blogSignIn(blog.domain, owner.account);
  await createPost(blog.domain, admin, { title: "Harbour log", slug: "harbour-log", body: "Free for everyone." });
  await createPost(blog.domain, admin, { title: "Berth plans", slug: "berth-plans", body: "Berth 7 at noon.", price: "0.25", summary: "Where we moor." });
  const origin = originOf(blog.domain);

  // Asked from a page on each origin (the browser resolves *.localhost to loopback; Node does not).
  for (const base of [HUB_URL, origin]) {
    await page.goto(`${base}/favicon.ico`);
    const answers = await page.evaluate((list) => Promise.all(list.map(async (p) => {
      const res = await fetch(p, { cache: "no-store" });
      return { path: p, status: res.status, type: res.headers.get("content-type") ?? "" };
    })), paths);
    for (const a of answers) {
      expect(a.status, `${base}${a.path}`).toBe(200);
      expect(a.type, `${base}${a.path}`).toMatch(/^image\/|manifest\+json/);
    }
  }

  for (const path of ["/", "/article/harbour-log", "/article/berth-plans"]) {
    const res = await page.goto(`${origin}${path}`);
    expect(res!.status(), `${origin}${path}`).toBe(200);
    await page.locator("h1").first().waitFor();
    await expectNoViolations(page, `blog ${path}`);
  }
});
