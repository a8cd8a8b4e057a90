// The creator's dashboard in a real browser with an injected wallet: sign in, upload an image (with
// its progress bar), create a paid invite-only share, manage a buyer's entitlement, register a site
// and claim held tips. Every result is checked on the server (API, database, chain), not only on screen.
import { expect, test, type Page } from "../support/fixtures";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import sharp from "sharp";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { HUB_URL } from "../support/hub";
import { cleanupRun, createSite, RUN } from "../support/sites";
import { balanceOf, holdTip, newWallet, testDb, TREASURY } from "../support/tips";
import { installTestWallet } from "../support/test-wallet";
import { freshPayer, NETWORK, USDC } from "../support/x402";

test.afterAll(async () => {
  await cleanupRun();
});

const uniqueDomain = (prefix: string) => `${prefix}-${RUN}-${Math.random().toString(36).slice(2, 8)}.example`;

/** Connect the injected wallet through RainbowKit and sign in (EIP-4361); the page re-renders signed in. */
async function signInThroughUi(page: Page) {
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page.getByText("Test Wallet").click();
  await page.getByRole("button", { name: "Sign in with wallet" }).click();
  await expect(page.getByTestId("signed-in")).toBeVisible();
}

/** A noisy PNG of about 1 MB: big enough for the upload to take visible time on a throttled link. */
function noisyPng(side = 600) {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24 ^ (i & 0xff);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

test("a creator signs in, uploads an image with progress, creates a paid invite-only share and manages a buyer's entitlement", async ({ page }) => {
  const creatorKey = generatePrivateKey();
  const creator = privateKeyToAccount(creatorKey);
  const payer = await freshPayer({ wallet: "2" });
  await installTestWallet(page, { pk: creatorKey, chainId: 5042002 });

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Sign in to run your shares and sites" })).toBeVisible();
  await signInThroughUi(page);
  await expect(page.getByRole("heading", { name: "Your shares" })).toBeVisible();
  await expect(page.getByText("No shares yet.")).toBeVisible();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "New share" }).click();
  await page.getByLabel("Title").fill("Harbour plans, annotated");
  await page.getByLabel("Public summary").fill("The berth map with notes");
  await page.getByLabel("Body").fill("Berth 7 at noon. The map:");

  // A slow uplink (256 KB/s) so the XMLHttpRequest progress bar is seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  const png = await noisyPng();
  expect(png.length).toBeGreaterThan(900_000);
  await page.getByTestId("media-input").setInputFiles({ name: "berths.png", mimeType: "image/png", buffer: png });
  const bar = page.getByTestId("upload-progress").locator("progress");
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute("value")), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(page.getByText("Uploaded 1 file.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("upload-progress")).toHaveCount(0);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByRole("list", { name: "Uploaded media" })).toContainText("berths.webp");
  await page.getByRole("button", { name: "Insert in body" }).click();
  await expect(page.getByLabel("Body")).toHaveValue(/svc-embed:\/\/0/);

  await page.getByLabel("Price (USDC)").fill("0.5");
  await page.getByLabel("Invite-only").check();
  await page.getByLabel(/Invited wallets/).fill(payer.address);
  await page.getByLabel("Expires after").selectOption("24");
  await page.getByRole("button", { name: "Create share" }).click();

  await expect(page.getByText("Share created.")).toBeVisible();
  const slug = (await page.getByTestId("share-link").textContent())!.replace("/qs/", "");
  expect(slug).toMatch(/^[1-9A-HJ-NP-Za-km-z]{8}$/);

  // On the server: the owner's share is paid, invite-only, lists the payer and carries the encrypted photo.
  const mine = await (await page.request.get("/quickshare/mine")).json();
  const share = mine.shares.find((s: { slug: string }) => s.slug === slug);
  expect(share).toMatchObject({ title: "Harbour plans, annotated", price: "0.5", publicAccess: false, whitelistCount: 1, mediaCount: 1, status: "active" });
  const hours = (Date.parse(share.expiresAt) - Date.parse(share.createdAt)) / 3_600_000;
  expect(hours).toBeCloseTo(24, 1);
  const row = await testDb.quickshare.findUniqueOrThrow({ where: { slug } });
  expect(row.ownerWallet).toBe(creator.address);
  const media = await testDb.media.findMany({ where: { resourceType: "quickshare", resourceId: row.id } });
  expect(media.map((m) => [m.kind, m.contentType])).toEqual([["photo", "image/webp"]]);
  // A stranger is refused before any charge; the invited payer is asked for 0.5 USDC.
  expect((await fetch(`${HUB_URL}/quickshare/${slug}/access?wallet=${privateKeyToAccount(generatePrivateKey()).address}`)).status).toBe(403);
  const invited = await fetch(`${HUB_URL}/quickshare/${slug}/access?wallet=${payer.address}`);
  expect(invited.status).toBe(402);

  // The invited wallet buys it with a stock x402 client.
  const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls({ allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "10000000" }] });
  const bought = await wrapFetchWithPayment(fetch, client)(`${HUB_URL}/quickshare/${slug}/access?wallet=${payer.address}`);
  const grant = await bought.json();
  expect(bought.status, JSON.stringify(grant)).toBe(200);
  const proof: string = grant.unlockProof;
  const readWithProof = () => fetch(`${HUB_URL}/quickshare/${slug}/access`, { headers: { "x-svc-payment-proof": proof } }).then((r) => r.status);
  expect(await readWithProof()).toBe(200);

  // The owner sees the buyer and revokes, bans and restores it from the page.
  await page.reload();
  await expect(page.getByTestId("unlock-count")).toHaveText("1");
  const entRow = page.locator(`tr[data-wallet="${payer.address}"]`);
  await expect(entRow).toContainText("active");
  await entRow.getByRole("button", { name: /^Revoke/ }).click();
  await expect(entRow).toContainText("revoked");
  const entitlement = async () => {
    const ac = await (await page.request.get(`/quickshare/${slug}/access-control`)).json();
    return ac.entitlements.find((e: { wallet: string }) => e.wallet === payer.address)?.status;
  };
  expect(await entitlement()).toBe("revoked");
  expect(await readWithProof()).toBe(402); // revoked: the proof no longer reads; it may buy again

  await entRow.getByRole("button", { name: /^Restore/ }).click();
  await expect(entRow.getByRole("button", { name: /^Ban/ })).toBeVisible();
  expect(await entitlement()).toBe("active");
  expect(await readWithProof()).toBe(200);

  await entRow.getByRole("button", { name: /^Ban/ }).click();
  await expect(entRow).toContainText("banned");
  expect(await entitlement()).toBe("banned");
  expect(await readWithProof()).toBe(403);

  // Editing the access control: open to everyone at a new price.
  await page.getByLabel("Price (USDC)").fill("0.75");
  await page.getByLabel("Invite-only").uncheck();
  await page.getByRole("button", { name: "Save access control" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const ac = await (await page.request.get(`/quickshare/${slug}/access-control`)).json();
  expect(ac).toMatchObject({ price: "0.75", publicAccess: true, whitelist: [payer.address] });

  // The overview lists the share with its unlock and revenue.
  await page.goto("/dashboard");
  const listed = page.locator(`tr[data-slug="${slug}"]`);
  await expect(listed).toContainText("Harbour plans, annotated");
  await expect(listed).toContainText("0.5 USDC");
  await expect(page.getByTestId("daily-chart")).toBeVisible();
  await expect(page.locator('[data-testid="daily-chart"] rect')).not.toHaveCount(0);

  // The chart's range comes from a plain GET form; a reversed range is explained, not a crash.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(page.getByText(`Views and unlocks, ${today} to ${today}`)).toBeVisible();
  await expect(page.locator('[data-testid="daily-chart"] rect')).not.toHaveCount(0);
  await page.goto("/dashboard?from=2026-02-01&to=2026-01-01");
  await expect(page.getByRole("alert").filter({ hasText: "must not be after" })).toBeVisible();
});

test("a creator claims the tips held for a verified domain; the 5% fee is shown first and the chain pays it", async ({ page }) => {
  const creatorKey = generatePrivateKey();
  const creator = privateKeyToAccount(creatorKey);
  const domain = uniqueDomain("dash-tips");
  const site = await createSite({ domain, owner: creator.address, verified: true });
  expect((await testDb.site.findUniqueOrThrow({ where: { id: site.id } })).verified).toBe(true);
  const tipper = await newWallet(3_000_000n);
  await holdTip(tipper, domain, 1_000_000n, "/post-one");
  await holdTip(tipper, domain, 500_000n, "/post-two");
  await installTestWallet(page, { pk: creatorKey, chainId: 5042002 });

  await page.goto("/dashboard/sites");
  await signInThroughUi(page);
  const card = page.locator(`article[data-domain="${domain}"]`);
  await expect(card).toContainText("verified");
  await expect(card).toContainText("2 tips held: 1.5 USDC. Claim fee 5%: 0.075 USDC to the treasury. You receive 1.425 USDC.");
  // The public key is shown; the secret never reaches the page (the Claim button uses the session).
  await expect(card.getByTestId("site-key")).toHaveText(site.siteKey);
  expect(await page.content()).not.toContain(site.token);

  const [creatorBefore, treasuryBefore] = await Promise.all([balanceOf(creator.address), balanceOf(TREASURY)]);
  await card.getByRole("button", { name: "Claim 1.425 USDC" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Claimed" })).toContainText("1.425 USDC sent to your wallet, fee 0.075 USDC");
  await expect(card).toContainText(`No tips are held for ${domain}.`);

  expect(await balanceOf(creator.address)).toBe(creatorBefore + 1_425_000n);
  expect(await balanceOf(TREASURY)).toBe(treasuryBefore + 75_000n);
  const held = await (await page.request.get(`/hub/tips/held?domain=${domain}`)).json();
  expect(held).toMatchObject({ total: 0, totalAmount: 0 });
  const tips = await testDb.tip.findMany({ where: { domain } });
  expect(tips.map((t) => [t.status, t.feeBps])).toEqual([["released", 500], ["released", 500]]);

  // The public ledger links the release to its transaction page, which reads the transfers from the chain.
  const releaseTx = tips[0]!.releaseTx!;
  await page.goto(`/ledger?type=tips&domain=${domain}`);
  await page.locator(`a[href="/ledger/tx/${releaseTx}"]`).first().click();
  await expect(page.getByTestId("tx-hash")).toHaveText(releaseTx);
  const transfers = page.getByRole("table").first();
  await expect(transfers).toContainText(creator.address);
  await expect(transfers).toContainText("1.425 USDC");
  await expect(transfers).toContainText(TREASURY);
  await expect(transfers).toContainText("0.075 USDC");
  await expect(page.getByText("success", { exact: true })).toBeVisible();
});

test("registering a site shows how to prove it; a failed proof says what the hub tried", async ({ page }) => {
  const key = generatePrivateKey();
  const domain = uniqueDomain("dash-reg");
  await installTestWallet(page, { pk: key, chainId: 5042002 });
  await page.goto("/dashboard/sites");
  await expect(page.getByRole("heading", { name: "Sign in to register your sites and claim tips" })).toBeVisible();
  await signInThroughUi(page);
  await expect(page.getByText("No sites yet.")).toBeVisible();

  await page.getByLabel("Domain").fill(`https://${domain}/about`);
  await page.getByRole("button", { name: "Register site" }).click();
  await expect(page.getByText(`Registered ${domain}. Prove it below.`)).toBeVisible();
  // The secret is shown once, now; the card shows the public key the snippet carries.
  const secret = (await page.getByTestId("site-secret").textContent())!;
  expect(secret).toMatch(/^sk_[0-9a-f]{48}$/);
  const card = page.locator(`article[data-domain="${domain}"]`);
  const siteKey = (await card.getByTestId("site-key").textContent())!;
  await expect(card.getByText(`data-site-key="${siteKey}"`)).toBeAttached();
  await expect(card.getByText(`https://${domain}/.well-known/svc-owner.txt`)).toBeVisible();
  await expect(card.getByText(`<meta name="svc:owner" content="${privateKeyToAccount(key).address}">`)).toBeVisible();

  await card.getByRole("button", { name: "Verify now" }).click();
  await expect(card.getByText("Not verified yet. The hub tried:")).toBeVisible({ timeout: 20_000 });
  await expect(card.locator(".verify-result li").first()).toContainText(domain);

  const sites = await (await page.request.get("/hub/sites")).json();
  const mine = sites.sites.find((s: { domain: string }) => s.domain === domain);
  expect(mine).toMatchObject({ verified: false, verificationStatus: "failed", siteKey, verifyToken: null });

  // After a reload the secret is gone for good; rotating shows a new one, once.
  await page.reload();
  expect(await page.content()).not.toContain(secret);
  await card.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = (await card.getByTestId("site-secret").textContent())!;
  expect(rotated).toMatch(/^sk_/);
  expect(rotated).not.toBe(secret);
});
