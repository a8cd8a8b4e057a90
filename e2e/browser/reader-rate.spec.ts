// A reader who unlocked content rates it: the hub checks the unlock (prepare), the wallet sends
// rateContent to the Reputation contract, the hub indexes the transaction. A stranger is refused first.
import { expect, test } from "../support/fixtures";
import { api } from "../support/hub";
import { screenshots } from "../support/screens";
import { connectWallet, installTestWallet } from "../support/test-wallet";
import { challengeFor, CHAIN_ID, freshPayer, hubDb, pay, RPC_URL, signedPayment } from "../support/x402";

// The stranger's refusal: the prepare route answers 403 (logged by the browser), before any transaction.
test.use({ expectedConsoleErrors: [/status of 403 \(Forbidden\).*ratings\/prepare/] });

test("a buyer rates content through the wallet; a wallet without an unlock is refused before any transaction", async ({ page }) => {
  const contentId = (await hubDb().content.findFirstOrThrow({ where: { externalId: "sketchbook-tour" } })).id;
  const payer = await freshPayer({ deposit: "1" });
  const challenge = await challengeFor({ contentId });
  const requirement = challenge.accepts.find((a) => a.extra?.name === "GatewayWalletBatched")!;
  const { header } = await signedPayment({ requirement, signer: payer, resource: challenge.resource });
  expect((await pay({ contentId }, { "payment-signature": header })).status).toBe(200);
  const before = (await api(`/hub/reputation/ratings/stats?contentId=${contentId}`)).body.count as number;

  // A stranger's wallet: the hub refuses at prepare, the wallet is never asked to send anything.
  const stranger = await freshPayer();
  const other = await page.context().newPage();
  const strangerWallet = await installTestWallet(other, { pk: stranger.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  await other.goto(`/rate?contentId=${contentId}`);
  await connectWallet(other);
  await other.getByRole("button", { name: "Rate 5 ★" }).click();
  await expect(other.locator("#rate-status")).toContainText("only buyers can rate");
  expect(strangerWallet.sent).toEqual([]);
  await other.close();

  const wallet = await installTestWallet(page, { pk: payer.privateKey, chainId: CHAIN_ID, rpcUrl: RPC_URL });
  await page.goto(`/rate?contentId=${contentId}`);
  await connectWallet(page);
  await page.getByRole("radio", { name: "4 ★" }).check();
  await screenshots(page, "reader-rate");
  await page.getByRole("button", { name: "Rate 4 ★" }).click();
  await expect(page.locator("#rate-status")).toHaveText("Rated 4 of 5 stars. Thank you!");
  expect(wallet.sent).toHaveLength(1);
  const after = (await api(`/hub/reputation/ratings/stats?contentId=${contentId}`)).body;
  expect(after.count).toBe(before + 1);
  // The page moves on: its summary counts the new rating, and the form cannot send a second one.
  await expect(page.locator("#rating-summary")).toContainText(`${after.count} rating`);
  await expect(page.getByRole("button", { name: "Rated 4 ★" })).toBeDisabled();

  // One item, one star figure: the rate page, its explore card and its leaderboard row say the same.
  const shown = `${after.average.toFixed(1)} / 5 · ${after.count} ${after.count === 1 ? "rating" : "ratings"}`;
  await expect(page.locator("#rating-summary")).toContainText(shown);
  const title = (await hubDb().content.findUniqueOrThrow({ where: { id: contentId } })).title;
  await page.goto(`/explore?q=${encodeURIComponent(title)}`);
  await expect(page.getByTestId("content-card").filter({ hasText: title }).first().getByTestId("stars")).toContainText(shown);
  let rank = 0;
  for (let skip = 0; !rank && skip < 2000; skip += 50) {
    const board = (await api(`/hub/reputation/leaderboards?type=content&limit=50&skip=${skip}`)).body;
    rank = board.items.find((i: { id: string }) => i.id === contentId)?.rank ?? 0;
    if (board.items.length < 50) break;
  }
  expect(rank).toBeGreaterThan(0);
  await page.goto(`/leaderboards?type=content&skip=${rank - 1}&limit=1`);
  await expect(page.getByRole("row").filter({ hasText: title }).getByTestId("stars")).toContainText(shown);
  const row = (await api("/hub/ledger?type=ratings&limit=100")).body.activities.find((a: { txHash: string }) => a.txHash === wallet.sent[0]);
  expect(row).toMatchObject({ type: "rating", score: 40, contentId });
});
