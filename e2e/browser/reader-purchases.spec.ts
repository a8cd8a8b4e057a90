// What a reader and a creator find in one place: the reader's Purchases page lists what the wallet
// bought with its receipt and a link to read again; the creator's dashboard overview lists the sale
// of a blog post beside share sales, with totals and the daily chart; a paid music post plays.
import { expect, test } from "../support/fixtures";
import { blogRequest, blogSignIn, cleanupBlogs, createBlog, createPost, originOf, upload } from "../support/blog";
import { HUB_URL, signIn } from "../support/hub";
import { person } from "../support/quickshare";
import { freshPayer, signedPayment } from "../support/x402";
import { decodePaymentRequiredHeader } from "@x402/core/http";

test.afterAll(cleanupBlogs);

/** A second of 8 kHz silence as a WAV file: enough for an <audio> element to load. */
function wav(): Buffer {
  const samples = 8000;
  const b = Buffer.alloc(44 + samples);
  b.write("RIFF", 0); b.writeUInt32LE(36 + samples, 4); b.write("WAVE", 8); b.write("fmt ", 12);
  b.writeUInt32LE(16, 16); b.writeUInt16LE(1, 20); b.writeUInt16LE(1, 22); b.writeUInt32LE(8000, 24); b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32); b.writeUInt16LE(8, 34); b.write("data", 36); b.writeUInt32LE(samples, 40); b.fill(128, 44);
  return b;
}

async function cookieIn(context: import("@playwright/test").BrowserContext, cookie: string, url: string) {
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name: name!, value: value!, url }]);
}

test("a reader's purchases and the creator's earnings name the same sale; a music post plays", async ({ browser }) => {
  const owner = await person();
  const blog = await createBlog(owner, "earn");
  const admin = await blogSignIn(blog.domain, owner.account);
  const tune = await upload(blog.domain, admin, { name: "quay.wav", type: "audio/wav", data: wav() }, "music");
  const post = await createPost(blog.domain, admin, { type: "music", title: "Quay at low water", slug: "quay", body: "Listen.", price: "0.15", media: [tune] });

  // The reader buys the post on its access route (plain EIP-3009).
  const payer = await freshPayer({ wallet: "1" });
  const path = `/api/svc/access?path=${encodeURIComponent(post.path)}`;
  const c = decodePaymentRequiredHeader((await blogRequest(blog.domain, path)).headers.get("payment-required")!);
  const { header } = await signedPayment({ requirement: c.accepts[0]!, signer: payer, resource: c.resource });
  expect((await blogRequest(blog.domain, path, { headers: { "payment-signature": header } })).status).toBe(200);

  // Purchases: the post, its amount, a receipt, a link back to the post page.
  const reader = await browser.newContext();
  await cookieIn(reader, await signIn(payer), HUB_URL);
  const page = await reader.newPage();
  await page.goto("/purchases");
  const row = page.getByTestId("purchases").getByRole("row", { name: /Quay at low water/ });
  await expect(row).toContainText("Bought post");
  await expect(row).toContainText("0.15 USDC");
  await expect(row.getByRole("link", { name: "Quay at low water" })).toHaveAttribute("href", `${originOf(blog.domain)}${post.path}`);
  await expect(row.getByRole("link", { name: "receipt" })).toHaveAttribute("href", /\/hub\/receipts\//);
  await expect(page.getByRole("list", { name: "Your totals" })).toContainText("1 purchase · 0.15 USDC");
  await reader.close();

  // The creator's overview: the post's sale with what reaches them, and the chart.
  const creator = await browser.newContext();
  await cookieIn(creator, owner.cookie, HUB_URL);
  const dash = await creator.newPage();
  await dash.goto("/dashboard");
  const sale = dash.getByTestId("earnings").getByRole("row", { name: /Quay at low water/ });
  await expect(sale).toContainText("Sale of a post");
  await expect(sale).toContainText("0.15 USDC");
  await expect(dash.getByTestId("earnings-totals")).toContainText("1 sale");
  await expect(dash.locator('[data-testid="earnings-chart"] rect')).not.toHaveCount(0);
  await creator.close();

  // A music post's player has a height (it collapsed to 0 px under the blog's media rule).
  const freeTune = await upload(blog.domain, admin, { name: "quay-free.wav", type: "audio/wav", data: wav() }, "music");
  const free = await createPost(blog.domain, admin, { type: "music", title: "Quay, free", slug: "quay-free", body: "Listen.", price: "0", media: [freeTune] });
  const listener = await browser.newContext();
  const player = await listener.newPage();
  await player.goto(`${originOf(blog.domain)}${free.path}`);
  const audio = player.locator("audio").first();
  await expect(audio).toBeVisible();
  expect((await audio.boundingBox())!.height).toBeGreaterThan(20);
  await listener.close();
});
