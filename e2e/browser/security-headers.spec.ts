// Issue 19: another site cannot frame a pay page (clickjacking a pay or sign-in button). A page on a
// different loopback origin puts the hub's pay page in an <iframe>; the browser refuses to render it
// (frame-ancestors 'none'), while the same page frames its own content fine.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../support/fixtures";
import { HUB_URL } from "../support/hub";
import { createShare, person } from "../support/quickshare";

let framer: Server;
let framerOrigin = "";
let payUrl = "";

test.beforeAll(async () => {
  const share = await createShare(await person(), { title: "Framed tide tables", content: "High water at 14:02.", price: "0.25" });
  payUrl = `${HUB_URL}/qs/${share.slug}/unlock`;
  // The other site: a real HTTP server on another loopback port (another origin).
  framer = createServer((req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (req.url === "/own") return void res.end(`<!doctype html><p id="own">The framing site's own page.</p>`);
    res.end(`<!doctype html><html><body><h1>Win a prize</h1>
      <iframe id="hub" title="hub" src="${payUrl}" width="800" height="600"></iframe>
      <iframe id="own" title="own" src="/own" width="400" height="100"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
  framerOrigin = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => (framer ? framer.close(() => resolve()) : resolve())));

// The refusal is itself a CSP report (frame-ancestors); it is the one this test expects.
test.use({ allowedCspViolations: [/frame-ancestors/], expectedConsoleErrors: [/violates the following Content Security Policy directive: "frame-ancestors 'none'"/] });

test("a page on another origin cannot frame the pay page: the browser refuses to render it", async ({ page, cspViolations }) => {
  // The pay page works on its own (the control: the page renders, with its pay action).
  await page.goto(payUrl);
  await expect(page.getByRole("heading", { name: "Unlock for 0.25 USDC" })).toBeVisible();

  await page.goto(`${framerOrigin}/`);
  await expect(page.getByRole("heading", { name: "Win a prize" })).toBeVisible();
  // The framing site's own frame renders…
  await expect(page.frameLocator("#own").locator("#own")).toHaveText("The framing site's own page.");
  // …the hub's frame does not: the browser reports the refusal, and the frame holds no hub document.
  await expect.poll(() => cspViolations.filter((v) => /frame-ancestors/.test(v)).length, { message: "the browser reports the refused frame" }).toBeGreaterThan(0);
  const hubFrame = await (await page.locator("#hub").elementHandle())!.contentFrame();
  expect(hubFrame).not.toBeNull();
  expect(hubFrame!.url()).not.toBe(payUrl);
  await expect(page.frameLocator("#hub").getByRole("heading", { name: "Unlock for 0.25 USDC" })).toHaveCount(0);
  await expect(page.frameLocator("#hub").locator("body")).not.toContainText("Unlock");
});
