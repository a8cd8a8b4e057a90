// A share body is GitHub-flavoured Markdown: headings, lists, links and an embedded image render;
// raw HTML and scripts in a body never run. Agents still receive the body as written.
import sharp from "sharp";
import { expect, test } from "../support/fixtures";
import { api, HUB_URL } from "../support/hub";
import { createShare, person, type Person } from "../support/quickshare";
import { screenshots } from "../support/screens";

async function uploadPhoto(who: Person) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } }).png().toBuffer();
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "buoy.png");
  const res = await fetch(`${HUB_URL}/uploads/content?encrypted=1`, { method: "POST", body: form, headers: { cookie: who.cookie } });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.storageRef as string;
}

const BODY = [
  "# Buoy report",
  "",
  "Three things:",
  "",
  "- Buoy 4 is *lit*",
  "- Buoy 9 moved",
  "- See [the chart](https://example.org/chart)",
  "",
  "![The buoy](svc-embed://0)",
  "",
  "<script>window.__pwned = 1</script>",
  "",
  '<img src="x" onerror="window.__pwned = 2">',
  "",
  "[bad](javascript:window.__pwned=3)",
].join("\n");

test("a Markdown share body renders headings, lists, links and an embedded image; a <script> in the body does not run", async ({ page }) => {
  const owner = await person();
  const photo = await uploadPhoto(owner);
  const share = await createShare(owner, { title: "Buoys", content: BODY, media: [photo] });
  const dialogs: string[] = [];
  page.on("dialog", (d) => { dialogs.push(d.message()); void d.dismiss(); });

  const res = await page.goto(`/qs/${share.slug}`);
  expect(res!.status()).toBe(200);
  const body = page.locator("#qs-content");
  await expect(body.locator("h1")).toHaveText("Buoy report");
  await expect(body.locator("li")).toHaveText(["Buoy 4 is lit", "Buoy 9 moved", "See the chart"]);
  await expect(body.locator("li em")).toHaveText("lit");
  await expect(body.getByRole("link", { name: "the chart" })).toHaveAttribute("href", "https://example.org/chart");
  const img = body.locator("img.qs-media");
  await expect(img).toHaveAttribute("src", `/quickshare/${share.slug}/media/photo?index=0`);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(64);
  // Raw HTML is not rendered, so nothing in it runs; a javascript: link is emptied.
  await expect(body.locator("script")).toHaveCount(0);
  await expect(body.locator('img[src="x"]')).toHaveCount(0);
  // The javascript: link loses its target (the sanitizer drops it): "bad" is plain text, nothing to click.
  await expect(body.getByText("bad", { exact: true })).toBeVisible();
  await expect(body.getByRole("link", { name: "bad" })).toHaveCount(0);
  await expect(body.locator('[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await screenshots(page, "share-markdown");

  // Agents get the body as written.
  expect((await api(`/quickshare/${share.slug}/access`)).body.content).toBe(BODY);
});
