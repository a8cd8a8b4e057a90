// The numbers a creator keeps, in a browser: a post's chart and its table of numbers in the blog
// editor, a share's chart on its dashboard page, and the dashboard's CSV export downloaded through its link.
import { readFile } from "node:fs/promises";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { BrowserContext } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf } from "../support/blog";
import { HUB_URL } from "../support/hub";
import { createShare, person, until, db } from "../support/quickshare";
import { freshPayer, signedPayment } from "../support/x402";

test.afterAll(async () => {
  await cleanupBlogs();
});

async function cookieIn(context: BrowserContext, cookie: string, url: string) {
  const at = cookie.indexOf("=");
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url }]);
}

test("the editor charts a post's views and unlocks with a table of the numbers; the share page charts the share; the dashboard exports a CSV", async ({ browser }) => {
  test.setTimeout(120_000);
  const today = new Date().toISOString().slice(0, 10);
  const owner = await person();
  const blog = await createBlog(owner, "chart");
  const origin = originOf(blog.domain);
  const admin = await blogSignIn(blog.domain, owner.account);
  const post = await createPost(blog.domain, admin, { title: "Mooring chart", slug: "mooring-chart", body: "Buoys by number.", price: "0.15" });
  const share = await createShare(owner, { title: "Pilot notes", content: "Channel depths.", price: "0" });

  // One sale and two readers' views of the post.
  const payer = await freshPayer({ wallet: "1" });
  const path = `/api/svc/access?path=${encodeURIComponent(post.path)}`;
  const c = decodePaymentRequiredHeader((await blogRequest(blog.domain, path)).headers.get("payment-required")!);
  const { header } = await signedPayment({ requirement: c.accepts[0]!, signer: payer, resource: c.resource });
  expect((await blogRequest(blog.domain, path, { headers: { "payment-signature": header } })).status).toBe(200);
  for (let i = 0; i < 2; i++) expect((await blogRequest(blog.domain, post.path, { headers: { accept: "text/html" } })).status).toBe(200);
  await until(async () => (await db().blogPost.findUniqueOrThrow({ where: { id: post.id } })).views === 2, { what: "the post's views written" });

  const context = await browser.newContext({ acceptDownloads: true });
  await cookieIn(context, admin, origin);
  await cookieIn(context, owner.cookie, HUB_URL);
  const page = await context.newPage();

  // The editor: the post's numbers, a chart and, behind "Show the numbers", the table of them.
  await page.goto(`${origin}/admin`);
  await page.getByRole("button", { name: "Edit Mooring chart" }).click();
  const numbers = page.getByTestId("post-numbers");
  await expect(numbers.getByRole("heading", { name: "Numbers, last 30 days" })).toBeVisible();
  await expect(numbers).toContainText("2 views · 1 unlocks · 0.15 USDC paid");
  await expect(page.getByTestId("post-chart")).toBeVisible();
  await expect(page.getByTestId("post-chart").locator("rect")).toHaveCount(2); // today's views bar and unlocks bar
  await numbers.getByText("Show the numbers").click();
  const table = page.getByTestId("post-table");
  await expect(table.locator("caption")).toHaveText("Numbers per day");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr").first().locator("td")).toHaveText([today, "2", "1", "0.15"]);

  // The share's own page charts it (no views yet: an empty chart with its table).
  await page.goto(`${HUB_URL}/dashboard/shares/${share.slug}`);
  await expect(page.getByTestId("share-numbers")).toContainText("0 views · 0 unlocks");
  await expect(page.getByTestId("share-chart")).toBeVisible();

  // The dashboard's export link downloads the CSV of the range shown, with the post's sale.
  await page.goto(`${HUB_URL}/dashboard`);
  const form = page.getByTestId("earnings-export");
  await expect(form.getByLabel("Export from")).toHaveAttribute("type", "date");
  await expect(form.getByLabel("Export to")).toHaveValue(today);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("earnings-csv-link").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^earnings-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.csv$`));
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("date,item,item_link,kind,payer,amount_usdc,fee_usdc,net_usdc,tx_hash,receipt_url");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(",Mooring chart,");
  expect(lines[1]).toContain(`,sale of a post,${payer.address},0.15,`);
  await context.close();
});
