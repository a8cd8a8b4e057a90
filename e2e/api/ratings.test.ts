import { beforeAll, describe, expect, it } from "vitest";
import type { Address, Hex, PrivateKeyAccount } from "viem";
import { reputationAbi, usdcAbi } from "../../lib/chain/abis";
import { api, expectError } from "../support/hub";
import { chain, chainClient, challengeFor, freshPayer, hubDb, pay, signedPayment, USDC, walletFor } from "../support/x402";

const REPUTATION = process.env.REPUTATION_ADDRESS as Address;

/** A paid unlock of `contentId` over the gateway rail by a fresh payer; returns the payer. */
async function buyer(contentId: string) {
  const payer = await freshPayer({ deposit: "2" });
  const challenge = await challengeFor({ contentId });
  const requirement = challenge.accepts.find((a) => a.extra?.name === "GatewayWalletBatched")!;
  const { header } = await signedPayment({ requirement, signer: payer, resource: challenge.resource });
  const res = await pay({ contentId }, { "payment-signature": header });
  expect(res.status).toBe(200);
  return payer;
}

async function rateOnChain(account: PrivateKeyAccount, args: { contentHash: Hex; value: number; reviewHash?: Hex; unlockRef: string }) {
  const hash = await walletFor(account).writeContract({
    address: REPUTATION, abi: reputationAbi, functionName: "rateContent", chain, account,
    args: [args.contentHash, args.value, args.reviewHash ?? `0x${"00".repeat(32)}`, args.unlockRef],
  });
  await chainClient.waitForTransactionReceipt({ hash });
  return hash;
}

let contentId: string;
let otherContentId: string;
beforeAll(async () => {
  const db = hubDb();
  contentId = (await db.content.findFirstOrThrow({ where: { externalId: "liner-notes" } })).id;
  otherContentId = (await db.content.findFirstOrThrow({ where: { externalId: "sketchbook-tour" } })).id;
});

describe("on-chain ratings", () => {
  it("a buyer prepares, rates on chain and indexes; stats and leaderboard move", async () => {
    const payer = await buyer(contentId);
    const before = (await api(`/hub/reputation/ratings/stats?contentId=${contentId}`)).body;
    const boardBefore = (await api("/hub/reputation/leaderboards?type=content&limit=50")).body.items.find((i: any) => i.id === contentId);

    const prep = await api("/hub/reputation/ratings/prepare", { json: { contentId, walletAddress: payer.address, ratingValue: 50 } });
    expect(prep.status).toBe(200);
    expect(prep.body).toMatchObject({ success: true, ratingValue: 50, contractAddress: REPUTATION, chainId: "5042002", contentHash: before.contentHash });
    expect(prep.body.message).toContain(prep.body.contentHash);
    expect(prep.body.gas).toContain("gas");
    expect(prep.body.call).toMatchObject({ to: REPUTATION, value: "0", chainId: 5042002, functionName: "rateContent", args: [prep.body.contentHash, "50", prep.body.reviewHash, prep.body.unlockRef] });

    // The prepared call is sent as it is, by the rating wallet (which pays its gas).
    const txHash = await walletFor(payer).sendTransaction({ to: prep.body.call.to, data: prep.body.call.data, chain, account: payer });
    await chainClient.waitForTransactionReceipt({ hash: txHash });
    const indexed = await api("/hub/reputation/ratings/index", { json: { contentId, txHash, walletAddress: payer.address, ratingValue: 50 } });
    expect(indexed.status).toBe(200);
    expect(indexed.body).toMatchObject({ success: true, ok: true, contentId, walletAddress: payer.address, ratingValue: 50, proof: `onchain:${txHash}` });

    const after = (await api(`/hub/reputation/ratings/stats?contentId=liner-notes`)).body;
    expect(after.count).toBe(before.count + 1);
    expect(after.average).toBeGreaterThan(0);
    const row = (await api(`/hub/ledger?type=ratings&limit=100`)).body.activities.find((a: any) => a.txHash === txHash);
    expect(row).toMatchObject({ type: "rating", proof: `onchain:${txHash}`, score: 50, walletAddress: payer.address, contentId });
    const boardAfter = (await api("/hub/reputation/leaderboards?type=content&limit=50")).body.items.find((i: any) => i.id === contentId);
    expect(boardAfter.ratings).toBe(boardBefore.ratings + 1);
    expect(boardAfter.reputationScore).toBeGreaterThan(boardBefore.reputationScore);

    // Re-indexing the same transaction answers the same and records nothing new.
    const again = await api("/hub/reputation/ratings/index", { json: { contentId, txHash } });
    expect(again.status).toBe(200);
    expect((await api(`/hub/reputation/ratings/stats?contentId=${contentId}`)).body.count).toBe(after.count);

    // A second rating by the same wallet is refused.
    const second = await rateOnChain(payer, { contentHash: prep.body.contentHash, value: 10, unlockRef: prep.body.unlockRef });
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: second } }), 409, "conflict");
    expect((await api(`/hub/reputation/ratings/stats?contentId=${contentId}`)).body.count).toBe(after.count);
  });

  it("refuses every rating that does not prove a buyer's rateContent call", async () => {
    const payer = await buyer(contentId);
    const prep = (await api("/hub/reputation/ratings/prepare", { json: { contentId, walletAddress: payer.address, ratingValue: 40 } })).body;
    const stranger = await freshPayer({ wallet: "1" });
    const db = hubDb();
    const ratingsBefore = await db.rating.count();

    // No unlock: prepare says so, and the stranger's own rateContent call is refused at index time.
    expectError(await api("/hub/reputation/ratings/prepare", { json: { contentId, walletAddress: stranger.address, ratingValue: 40 } }), 403, "forbidden");
    const strangers = await rateOnChain(stranger, { contentHash: prep.contentHash, value: 40, unlockRef: prep.unlockRef });
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: strangers } }), 403, "forbidden");

    // A transaction to another contract.
    const transfer = await walletFor(stranger).writeContract({ address: USDC, abi: usdcAbi, functionName: "transfer", args: [payer.address, 1n], chain, account: stranger });
    await chainClient.waitForTransactionReceipt({ hash: transfer });
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: transfer } }), 400, "invalid-request");

    // The buyer's real rating, claimed by another wallet or with another value or content hash.
    const real = await rateOnChain(payer, { contentHash: prep.contentHash, value: 40, unlockRef: prep.unlockRef });
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: real, walletAddress: stranger.address } }), 403, "forbidden");
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: real, ratingValue: 41 } }), 400, "invalid-request");
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId: otherContentId, txHash: real } }), 400, "invalid-request");
    const wrongHash = await rateOnChain(payer, { contentHash: `0x${"ab".repeat(32)}`, value: 40, unlockRef: prep.unlockRef });
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: wrongHash } }), 400, "invalid-request");

    // An unlock reference the hub does not know.
    const fakeRef = await rateOnChain(payer, { contentHash: prep.contentHash, value: 40, unlockRef: "0xnot-an-unlock" });
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: fakeRef } }), 403, "forbidden");

    // A transaction hash that does not exist, and malformed input.
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: `0x${"12".repeat(32)}` } }), 404, "not-found");
    expectError(await api("/hub/reputation/ratings/index", { json: { contentId, txHash: "0x12" } }), 400, "invalid-request");
    expectError(await api("/hub/reputation/ratings/prepare", { json: { contentId, walletAddress: payer.address, ratingValue: 51 } }), 400, "invalid-request");
    expectError(await api("/hub/reputation/ratings/stats?contentId=nope"), 404, "not-found");
    expect(await db.rating.count()).toBe(ratingsBefore);

    // The real one still indexes, through /hub/content/{id}/rate.
    const ok = await api(`/hub/content/${contentId}/rate`, { json: { txHash: real } });
    expect(ok.status).toBe(200);
    expect(await db.rating.count()).toBe(ratingsBefore + 1);
  });

  it("sync indexes a rating the hub was never told about, and only that one", async () => {
    const payer = await buyer(otherContentId);
    const prep = (await api("/hub/reputation/ratings/prepare", { json: { contentId: otherContentId, walletAddress: payer.address, ratingValue: 30 } })).body;
    const txHash = await rateOnChain(payer, { contentHash: prep.contentHash, value: 30, unlockRef: prep.unlockRef });
    const res = await api("/hub/reputation/ratings/sync", { json: { contentId: otherContentId } });
    expect(res.status).toBe(200);
    expect(res.body.indexed).toEqual([{ txHash, contentId: otherContentId, walletAddress: payer.address, ratingValue: 30 }]);
    const again = await api("/hub/reputation/ratings/sync", { json: { contentId: otherContentId } });
    expect(again.body.indexed).toEqual([]);
    expect(again.body.skipped.some((s: any) => s.txHash === txHash && s.reason === "already indexed")).toBe(true);
  });
});
