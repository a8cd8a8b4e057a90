import { expect, test } from "../support/fixtures";
import { blogSignIn, cleanupBlogs, createBlog, createPost, originOf, upload } from "../support/blog";
import { person } from "../support/quickshare";
import { installTestWallet } from "../support/test-wallet";

// anvil dev key #6: a demo payer the seed funds with 100 USDC (local chain only).
const PAYER_PK = "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e" as const;

test.afterAll(cleanupBlogs);
// The post page asks for the paid post before paying: the browser logs the 402 the hub answers.
test.use({ expectedConsoleErrors: [/status of 402 \(Payment Required\)/] });

// Blogs live on <name>.localhost: playwright.config.ts maps *.localhost to loopback.
test("a reader browses a hosted blog on its own origin, sees a document preview and pays for a post from the browser wallet", async ({ page }) => {
  const owner = await person();
  const blog = await createBlog(owner, "web");
  const admin = await blogSignIn(blog.domain, owner.account);
  await createPost(blog.domain, admin, { title: "Harbour log", slug: "harbour-log", body: "Free for everyone." });
  await createPost(blog.domain, admin, { title: "Berth plans", slug: "berth-plans", body: "Berth 7 at noon.", price: "0.25", summary: "Where we moor." });
  const csv = Array.from({ length: 20 }, (_, i) => `tide${i},${i}`).join("\n");
  const ref = await upload(blog.domain, admin, { name: "tides.csv", type: "text/csv", data: csv });
  await createPost(blog.domain, admin, { type: "document", title: "Tide sheet", slug: "tide-sheet", price: "0.10", media: [ref] });

  const outside: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (![blog.domain, "127.0.0.1", "localhost"].includes(u.hostname) && !u.protocol.startsWith("data")) outside.push(r.url());
  });
  const wallet = await installTestWallet(page, { pk: PAYER_PK, chainId: 5042002 });
  const origin = originOf(blog.domain);

  await page.goto(`${origin}/`);
  await expect(page.getByRole("link", { name: "Harbour log" })).toBeVisible();
  await page.getByRole("link", { name: "Harbour log" }).click();
  await expect(page.getByText("Free for everyone.")).toBeVisible();

  await page.goto(`${origin}/document/tide-sheet`);
  await expect(page.locator("#sb-document tr")).toHaveCount(12);
  await expect(page.getByText("12 of 20 rows")).toBeVisible();

  await page.goto(`${origin}/article/berth-plans`);
  await expect(page.locator('meta[name="svc:price"]')).toHaveAttribute("content", "0.25");
  await expect(page.locator("#qs-price")).toHaveText("0.25 USDC");
  await expect(page.getByText("Berth 7 at noon.")).toHaveCount(0);
  await page.getByRole("button", { name: "Pay 0.25 USDC" }).click();
  await expect(page.locator("#qs-content")).toHaveText("Berth 7 at noon.");
  expect(wallet.calls).toContain("eth_signTypedData_v4");
  await page.reload();
  await expect(page.locator("#qs-content")).toHaveText("Berth 7 at noon.");
  expect(outside).toEqual([]);
});
