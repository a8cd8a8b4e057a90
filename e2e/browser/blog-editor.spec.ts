// The blog editor at <blog>/admin, driven as a creator would: sign in with the blog's wallet session,
// start from the empty state, write with the live Markdown preview, have a too-large and a refused
// file named before upload, upload a file with a progress bar (upload throttled), publish, edit,
// see the API's field errors beside the field, unpublish (readers get 404) and delete.
import { expect, test, type Page } from "../support/fixtures";
import { blogName, blogRequest, cleanupBlogs, createBlog, freshAccount, originOf } from "../support/blog";
import { HUB_URL } from "../support/hub";
import { db, person } from "../support/quickshare";
import { screenshots } from "../support/screens";
import { installTestWallet } from "../support/test-wallet";
import { CHAIN_ID, RPC_URL } from "../support/x402";

const opened: string[] = [];
test.afterAll(async () => {
  await cleanupBlogs();
  await db().site.deleteMany({ where: { domain: { in: opened } } });
});

// The price error is a 400 from the admin API, which the browser logs.
test.use({ expectedConsoleErrors: [/status of 400 \(Bad Request\)/] });

const pageStatus = async (domain: string, path: string) => (await blogRequest(domain, path, { headers: { accept: "text/html" } })).status;

async function signInToEditor(page: Page, origin?: string) {
  if (origin) await page.goto(`${origin}/admin`);
  await expect(page.getByRole("heading", { name: /^Sign in to edit / })).toBeVisible();
  // Connect through RainbowKit (its dialog loads lazily; a wallet the site already knows connects at once).
  const connectButton = page.getByRole("button", { name: "Connect wallet", exact: true });
  await expect(async () => {
    if (await connectButton.isVisible()) {
      await connectButton.click({ timeout: 5_000 });
      const listed = page.getByText("Test Wallet");
      await expect(listed.or(page.getByTestId("admin-sign-in"))).toBeVisible({ timeout: 10_000 });
      if (await listed.isVisible()) await listed.click({ timeout: 5_000 });
    }
    await expect(page.getByTestId("admin-sign-in")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await page.getByTestId("admin-sign-in").click();
}

test("a creator opens a blog from the hub dashboard, then writes, previews, uploads, publishes, edits, unpublishes and deletes a post in its editor", async ({ page }) => {
  test.setTimeout(180_000);
  const account = freshAccount();
  const wallet = await installTestWallet(page, { account, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  const uploads: string[] = [];
  page.on("request", (r) => { if (r.method() === "POST" && new URL(r.url()).pathname === "/api/upload") uploads.push(r.url()); });

  // The hub dashboard opens the blog (POST /hub/blogs) and shows its address and its editor.
  await page.goto(`${HUB_URL}/dashboard/sites`);
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page.getByText("Test Wallet").click();
  await page.getByRole("button", { name: "Sign in with wallet" }).click();
  await expect(page.getByRole("heading", { name: "Hosted blogs" })).toBeVisible();
  const name = blogName("edit");
  await page.getByLabel("Blog name").fill("Not A Name!");
  await page.getByTestId("open-blog").click();
  await expect(page.getByLabel("Blog name")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Blog name").fill(name);
  await page.getByTestId("open-blog").click();
  const domain = `${name}.localhost`;
  const origin = originOf(domain);
  opened.push(domain);
  await expect(page.getByTestId("blog-opened")).toContainText(`Opened ${origin}`);
  await expect(page.getByTestId("hosted-blogs")).toContainText(origin);
  await page.getByTestId("blog-opened").getByRole("link", { name: "its editor" }).click();
  await expect(page).toHaveURL(`${origin}/admin`);

  // Signed in with the blog's session: the empty state says how to start.
  await signInToEditor(page);
  await expect(page.getByTestId("posts-empty")).toContainText("No posts yet");
  expect(wallet.calls.filter((c) => c === "personal_sign")).toHaveLength(2); // the hub, then the blog
  expect((await page.context().cookies(origin)).map((c) => c.name)).toContain("sb_auth_session");
  await screenshots(page, "blog-editor-empty");

  // Write: the preview renders Markdown as readers will; a <script> in the body never runs.
  await page.getByTestId("new-post").click();
  await page.getByLabel("Title").fill("Harbour log");
  await page.getByLabel("Address (slug)").fill("harbour-log");
  await page.getByLabel("Summary (public teaser)").fill("Daily notes from the pier.");
  await page.getByTestId("post-body").fill("## Tides\n\n- High at six\n- Low at noon\n\n<script>window.__pwned = 1</script>\n\nSee [the charts](https://example.org/charts).");
  const preview = page.getByTestId("body-preview");
  await expect(preview.getByRole("heading", { name: "Tides" })).toBeVisible();
  await expect(preview.locator("li")).toHaveText(["High at six", "Low at noon"]);
  await expect(preview.getByRole("link", { name: "the charts" })).toHaveAttribute("href", "https://example.org/charts");
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(preview.locator("script")).toHaveCount(0);

  // Files the hub would refuse are named before a byte is sent.
  const input = page.getByTestId("media-input");
  await input.setInputFiles({ name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(31 * 1024 * 1024, 1) });
  await expect(page.getByRole("alert").filter({ hasText: "huge.pdf is 31.0 MB; a file may be at most 30 MB." })).toBeVisible();
  await input.setInputFiles({ name: "clip.flv", mimeType: "video/x-flv", buffer: Buffer.from("FLV") });
  await expect(page.getByRole("alert").filter({ hasText: "clip.flv is video/x-flv; video must be" })).toBeVisible();
  expect(uploads).toEqual([]);

  // A real upload over a slow link shows its progress, then the file with its embed reference.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  const csv = Array.from({ length: 40_000 }, (_, i) => `tide${i},${(i % 24).toString().padStart(2, "0")}:00,${(i % 7) / 2} m`).join("\n");
  await input.setInputFiles({ name: "tide-table.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByTestId("upload-progress")).toContainText(/Uploading tide-table\.csv: \d+%/);
  await expect(page.getByTestId("upload-progress").locator("progress")).toBeVisible();
  const list = page.getByRole("list", { name: "Uploaded media" });
  await expect(list).toContainText("tide-table.csv", { timeout: 30_000 });
  await expect(list).toContainText("svc-embed://0");
  await expect(page.getByTestId("upload-progress")).toHaveCount(0);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  expect(uploads).toHaveLength(1);
  await list.getByRole("button", { name: "Insert in body" }).click();
  await expect(page.getByTestId("post-body")).toHaveValue(/\(svc-embed:\/\/0\)\n$/);

  // The API's error shows beside the field it concerns.
  await page.getByLabel("Price (USDC, 0 for free)").fill("a lot");
  await page.getByTestId("save-post").click();
  const price = page.getByLabel("Price (USDC, 0 for free)");
  await expect(price).toHaveAttribute("aria-invalid", "true");
  const priceError = page.locator(`#${await price.getAttribute("aria-describedby")}`);
  await expect(priceError).toBeVisible();
  await expect(priceError).not.toHaveText("");
  await price.fill("0.25");
  await expect(price).not.toHaveAttribute("aria-invalid");

  // Publish: the post is on the blog at once.
  await screenshots(page, "blog-editor-post");
  await page.getByTestId("publish-new").click();
  await expect(page.getByTestId("post-status")).toContainText("published");
  await expect(page.getByTestId("editor-notice")).toHaveText("Published.");
  expect(await pageStatus(domain, "/article/harbour-log")).toBe(200);
  await expect(page.getByTestId("post-body")).toHaveValue(/## Tides/);

  // Edit: a new title, kept body and media.
  await page.getByLabel("Title").fill("Harbour log, revised");
  await page.getByTestId("save-post").click();
  await expect(page.getByTestId("editor-notice")).toHaveText("Saved.");
  await page.getByRole("button", { name: "Back to posts" }).click();
  const row = page.getByTestId("post-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Harbour log, revised");
  await expect(row).toContainText("published");
  await expect(row).toContainText("0.25 USDC");
  const read = await blogRequest(domain, "/article/harbour-log", { headers: { accept: "text/html" } });
  expect(read.text).toContain("Harbour log, revised");
  await screenshots(page, "blog-editor-list");

  // Unpublish: readers get 404; the post stays in the list as a draft.
  await page.getByRole("button", { name: "Edit Harbour log, revised" }).click();
  await page.getByTestId("unpublish-post").click();
  await expect(page.getByTestId("editor-notice")).toContainText("Back to draft");
  await expect(page.getByTestId("post-status")).toContainText("draft");
  expect(await pageStatus(domain, "/article/harbour-log")).toBe(404);

  // Delete, after confirming: back to the empty state.
  page.once("dialog", (d) => void d.accept());
  await page.getByTestId("delete-post").click();
  await expect(page.getByTestId("posts-empty")).toBeVisible();
  expect(await pageStatus(domain, "/article/harbour-log")).toBe(404);
});

test("a wallet that is not the blog's owner or admin is told so and sees no posts", async ({ page }) => {
  const owner = await person();
  const blog = await createBlog(owner, "stranger");
  const other = await person();
  await installTestWallet(page, { account: other.account, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  await signInToEditor(page, originOf(blog.domain));
  await expect(page.getByRole("heading", { name: "Not an admin of this blog" })).toBeVisible();
  await expect(page.getByTestId("new-post")).toHaveCount(0);
});
