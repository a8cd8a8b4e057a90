// Transfer rail end to end with viem: the payer sends USDC to payTo, signs the ownership message and
// retries with x-svc-transfer-tx + x-svc-tx-owner.
import { encodeFunctionData, type Hex, type PrivateKeyAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { usdcAbi } from "../../lib/chain/abis";
import { compileContracts } from "../../scripts/lib/compile.mjs";
import { expectError } from "../support/hub";
import { chain, chainClient, challengeFor, freshPayer, hubDb, pay, paymentCounts, usdc, USDC, walletFor } from "../support/x402";

const A = { contentId: "zine-issue-1" }; // 0.10 USDC
const B = { contentId: "sketchbook-tour" }; // 0.02 USDC, same creator

function ownerMessage(txHash: string, resourceUrl: string) {
  return ["x402 transfer payment", `Chain: eip155:${chain.id}`, `Transaction: ${txHash.toLowerCase()}`, `Resource: ${resourceUrl}`].join("\n");
}

async function transfer(from: PrivateKeyAccount, to: `0x${string}`, amount: bigint, token = USDC): Promise<Hex> {
  const hash = await walletFor(from).writeContract({ address: token, abi: usdcAbi, functionName: "transfer", args: [to, amount], chain, account: from });
  await chainClient.waitForTransactionReceipt({ hash });
  return hash;
}

async function transferHeaders(body: Record<string, unknown>, hash: Hex, signer: PrivateKeyAccount) {
  const challenge = await challengeFor(body);
  const signature = await signer.signMessage({ message: ownerMessage(hash, challenge.resource.url) });
  return { "x-svc-transfer-tx": hash, "x-svc-tx-owner": signature };
}

describe("transfer rail", () => {
  let payer: PrivateKeyAccount;
  let payTo: `0x${string}`;
  let firstHash: Hex;
  let firstPaymentId: string;

  beforeAll(async () => {
    payer = await freshPayer({ wallet: "2" });
    payTo = (await challengeFor(A)).accepts[0]!.payTo as `0x${string}`;
  });

  it("accepts a USDC transfer proven by its sender and records it once", async () => {
    const before = await paymentCounts();
    const content = await hubDb().content.findFirstOrThrow({ where: { externalId: A.contentId } });
    firstHash = await transfer(payer, payTo, usdc("0.10"));
    const res = await pay(A, await transferHeaders(A, firstHash, payer));
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({
      rail: "transfer",
      status: "settled",
      paymentProvider: "transfer",
      txHash: firstHash.toLowerCase(),
      payer: payer.address,
      payTo,
      amount: 0.1,
      revenue: 0.1,
      protocolFee: 0,
      contentId: content.id,
    });
    firstPaymentId = res.body.payment.paymentId;
    expect(res.headers.get("payment-response")).toBeTruthy();
    expect(await paymentCounts()).toEqual({ ...before, payments: before.payments + 1, receipts: before.receipts + 1, ledger: before.ledger + 1 });
    const after = await hubDb().content.findUniqueOrThrow({ where: { id: content.id } });
    expect(after.unlocks).toBe(content.unlocks + 1);
    expect(after.revenueAtomic).toBe(content.revenueAtomic + usdc("0.10"));
    const row = await hubDb().ledgerActivity.findUniqueOrThrow({ where: { sourceKey: `payment:${firstPaymentId}` } });
    expect(row).toMatchObject({ type: "payment", network: "testnet", amountAtomic: usdc("0.10"), protocolFeeAtomic: 0n, payerWallet: payer.address, status: "settled" });
  });

  it("answers the same hash, content and payer again with the first receipt (idempotent re-read)", async () => {
    const before = await paymentCounts();
    const res = await pay(A, await transferHeaders(A, firstHash, payer));
    expect(res.status).toBe(200);
    expect(res.body.payment.paymentId).toBe(firstPaymentId);
    expect(await paymentCounts()).toEqual(before);
  });

  it("refuses the same hash for other content with 409 txhash-claimed-elsewhere", async () => {
    const before = await paymentCounts();
    expectError(await pay(B, await transferHeaders(B, firstHash, payer)), 409, "txhash-claimed-elsewhere");
    expect(await paymentCounts()).toEqual(before);
  });

  it("refuses bad transfers with 402, a fresh challenge and nothing recorded", async () => {
    const other = privateKeyToAccount(generatePrivateKey());
    const short = await transfer(payer, payTo, usdc("0.10") - 1n);
    const elsewhere = await transfer(payer, other.address, usdc("0.10"));
    // A transaction that reverts (more USDC than the payer holds), mined with a fixed gas limit.
    const revertedHash = await walletFor(payer).sendTransaction({
      to: USDC,
      data: encodeFunctionData({ abi: usdcAbi, functionName: "transfer", args: [payTo, usdc("1000")] }),
      gas: 100_000n,
      chain,
      account: payer,
    });
    await chainClient.waitForTransactionReceipt({ hash: revertedHash });
    // A foreign token with the same Transfer event: its logs must not count as USDC.
    const Usdc = (await compileContracts({ dataDir: process.env.DATA_DIR! })).Usdc!;
    const deployHash = await walletFor(payer).deployContract({ abi: Usdc.abi, bytecode: Usdc.bytecode as Hex, chain, account: payer });
    const fake = (await chainClient.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;
    for (const [fn, args] of [["initialize", [payer.address]], ["mint", [payer.address, usdc("5")]]] as const) {
      const h = await walletFor(payer).writeContract({ address: fake, abi: usdcAbi, functionName: fn, args: args as never, chain, account: payer });
      await chainClient.waitForTransactionReceipt({ hash: h });
    }
    const foreign = await transfer(payer, payTo, usdc("0.10"), fake);
    const fresh = await transfer(payer, payTo, usdc("0.10"));

    const cases: Array<[string, () => Promise<Record<string, string>>, string]> = [
      ["one atomic unit short", () => transferHeaders(A, short, payer), "amount_insufficient"],
      ["paid to another address", () => transferHeaders(A, elsewhere, payer), "transfer_not_found"],
      ["a reverted transaction", () => transferHeaders(A, revertedHash, payer), "transfer_reverted"],
      ["a foreign token's Transfer", () => transferHeaders(A, foreign, payer), "transfer_not_found"],
      ["an unknown hash", () => transferHeaders(A, `0x${"ab".repeat(32)}`, payer), "transfer_not_found"],
      ["a malformed hash", async () => ({ "x-svc-transfer-tx": "0x1234", "x-svc-tx-owner": "0x00" }), "malformed_payment"],
      ["the hash without the owner signature", async () => ({ "x-svc-transfer-tx": fresh }), "malformed_payment"],
    ];
    for (const [name, headers, reason] of cases) {
      const before = await paymentCounts();
      const res = await pay(A, await headers());
      const err = expectError(res, 402, "payment-invalid");
      expect({ name, reason: (res.body as { reason?: string }).reason }).toEqual({ name, reason });
      expect(err.details.length).toBeGreaterThan(10);
      expect(res.headers.get("payment-required")).toBeTruthy();
      expect(res.body.accepts).toHaveLength(2);
      expect(await paymentCounts()).toEqual(before);
    }
    // A binding by a wallet other than the sender, or over another resource, is 403 (issue 14), nothing recorded.
    for (const headers of [() => transferHeaders(A, fresh, other), async () => ({ "x-svc-transfer-tx": fresh, "x-svc-tx-owner": await payer.signMessage({ message: ownerMessage(fresh, "https://elsewhere.example/x") }) })]) {
      const before = await paymentCounts();
      expectError(await pay(A, await headers()), 403, "payer-mismatch");
      expect(await paymentCounts()).toEqual(before);
    }
    // The properly proven transfer still works afterwards.
    const ok = await pay(A, await transferHeaders(A, fresh, payer));
    expect(ok.status).toBe(200);
  });
});
