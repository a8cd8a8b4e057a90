import { BatchEvmScheme, GatewayClient } from "@circle-fin/x402-batching/client";
import { hashTypedData, isAddressEqual, type Address, type Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { gatewayWalletAbi, transferWithAuthorizationTypes, usdcAbi } from "../../lib/chain/abis";
import { dep, events, expectRevert, latestTimestamp, mine, newAccount, operator, publicClient, randomAddress, randomNonce, send } from "./helpers";

const gw = { address: dep.gatewayWallet, abi: gatewayWalletAbi } as const;
const usdc = { address: dep.usdc, abi: usdcAbi } as const;
const gatewayDomain = {
  name: "GatewayWalletBatched",
  version: "1",
  chainId: dep.chainId,
  verifyingContract: dep.gatewayWallet,
} as const;

type Item = {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
  signature: Hex;
};

/** Signs exactly as a Circle buyer does: BatchEvmScheme.createPaymentPayload on a GatewayWalletBatched option. */
async function circleSign(account: PrivateKeyAccount, payTo: Address, amount: bigint): Promise<Item> {
  const scheme = new BatchEvmScheme({ address: account.address, signTypedData: (p) => account.signTypedData(p) });
  const { payload } = await scheme.createPaymentPayload(2, {
    scheme: "exact",
    network: `eip155:${dep.chainId}`,
    asset: dep.usdc,
    amount: amount.toString(),
    payTo,
    maxTimeoutSeconds: 60,
    extra: { name: "GatewayWalletBatched", version: "1", verifyingContract: dep.gatewayWallet },
  });
  const { authorization: a, signature } = payload as {
    authorization: { from: Address; to: Address; value: string; validAfter: string; validBefore: string; nonce: Hex };
    signature: Hex;
  };
  return {
    token: dep.usdc,
    from: a.from,
    to: a.to,
    value: BigInt(a.value),
    validAfter: BigInt(a.validAfter),
    validBefore: BigInt(a.validBefore),
    nonce: a.nonce,
    signature,
  };
}

/** Signs by hand, for windows and domains Circle's client would never produce. */
async function rawSign(
  account: PrivateKeyAccount,
  to: Address,
  value: bigint,
  opts: { validAfter?: bigint; validBefore?: bigint; domain?: typeof gatewayDomain | Record<string, unknown> } = {},
): Promise<Item> {
  const now = await latestTimestamp();
  const message = {
    from: account.address,
    to,
    value,
    validAfter: opts.validAfter ?? now - 600n,
    validBefore: opts.validBefore ?? now + 3600n,
    nonce: randomNonce(),
  };
  const signature = await account.signTypedData({
    domain: (opts.domain ?? gatewayDomain) as typeof gatewayDomain,
    types: transferWithAuthorizationTypes,
    primaryType: "TransferWithAuthorization",
    message,
  });
  return { token: dep.usdc, ...message, signature };
}

async function settle(items: Item[]) {
  const { result } = await publicClient.simulateContract({
    ...gw,
    functionName: "settleBatch",
    args: [items],
    account: operator.account,
  });
  const receipt = await send(operator.writeContract({ ...gw, functionName: "settleBatch", args: [items] }));
  const logs = events(gatewayWalletAbi, receipt);
  return {
    preview: result,
    settled: logs.filter((l) => l.eventName === "AuthorizationSettled"),
    skipped: logs.flatMap((l) => (l.eventName === "AuthorizationSkipped" ? [l.args] : [])),
  };
}

const read = {
  available: (who: Address) => publicClient.readContract({ ...gw, functionName: "availableBalance", args: [dep.usdc, who] }),
  withdrawing: (who: Address) => publicClient.readContract({ ...gw, functionName: "withdrawingBalance", args: [dep.usdc, who] }),
  withdrawable: (who: Address) => publicClient.readContract({ ...gw, functionName: "withdrawableBalance", args: [dep.usdc, who] }),
  total: (who: Address) => publicClient.readContract({ ...gw, functionName: "totalBalance", args: [dep.usdc, who] }),
  wallet: (who: Address) => publicClient.readContract({ ...usdc, functionName: "balanceOf", args: [who] }),
  used: (from: Address, nonce: Hex) => publicClient.readContract({ ...gw, functionName: "authorizationUsed", args: [from, nonce] }),
};

describe("GatewayWallet: Circle's ABI", () => {
  it("has the GatewayWalletBatched EIP-712 domain and hashes authorizations like viem", async () => {
    const { domain } = await publicClient.getEip712Domain({ address: dep.gatewayWallet });
    expect(domain.name).toBe("GatewayWalletBatched");
    expect(domain.version).toBe("1");
    expect(domain.chainId).toBe(dep.chainId);
    expect(isAddressEqual(domain.verifyingContract, "0x0077777d7EBA4688BDeF3E311b846F25870A19B9")).toBe(true);
    const message = { from: randomAddress(), to: randomAddress(), value: 5n, validAfter: 1n, validBefore: 2n, nonce: randomNonce() };
    const onChain = await publicClient.readContract({
      ...gw,
      functionName: "hashAuthorization",
      args: [message.from, message.to, message.value, message.validAfter, message.validBefore, message.nonce],
    });
    expect(onChain).toBe(
      hashTypedData({ domain: gatewayDomain, types: transferWithAuthorizationTypes, primaryType: "TransferWithAuthorization", message }),
    );
    expect(await publicClient.readContract({ ...gw, functionName: "withdrawalDelay" })).toBe(BigInt(dep.withdrawalDelay));
  });

  it("accepts a deposit from Circle's GatewayClient unchanged (approve + deposit with its fixed gas limit)", async () => {
    const buyer = await newAccount({ usdc: 3_000_000n });
    const client = new GatewayClient({ chain: "arcTestnet", privateKey: buyer.privateKey, rpcUrl: dep.rpcUrl });
    const result = await client.deposit("2.5");
    expect(result.amount).toBe(2_500_000n);
    const receipt = await publicClient.getTransactionReceipt({ hash: result.depositTxHash });
    expect(receipt.status).toBe("success");
    expect(receipt.gasUsed).toBeLessThan(120_000n); // GatewayClient sends deposit() with gas: 120000
    const [deposited] = events(gatewayWalletAbi, receipt);
    expect(deposited!.eventName).toBe("Deposited");
    expect(await read.available(buyer.address)).toBe(2_500_000n);
    expect(await read.total(buyer.address)).toBe(2_500_000n);
    expect(await read.wallet(buyer.address)).toBe(500_000n);
  });

  it("depositFor credits another depositor", async () => {
    const sponsor = await newAccount({ usdc: 1_000_000n });
    const beneficiary = randomAddress();
    await send(sponsor.wallet.writeContract({ ...usdc, functionName: "approve", args: [dep.gatewayWallet, 400_000n] }));
    await send(sponsor.wallet.writeContract({ ...gw, functionName: "depositFor", args: [dep.usdc, beneficiary, 400_000n] }));
    expect(await read.available(beneficiary)).toBe(400_000n);
    expect(await read.available(sponsor.address)).toBe(0n);
  });

  it("withdrawal: early withdraw reverts, after the delay (anvil_mine) it pays out", async () => {
    const depositor = await newAccount({ gatewayDeposit: 3_000_000n });
    await expectRevert(
      depositor.wallet.writeContract({ ...gw, functionName: "initiateWithdrawal", args: [dep.usdc, 3_000_001n] }),
      "WithdrawalValueExceedsAvailableBalance",
    );
    const receipt = await send(depositor.wallet.writeContract({ ...gw, functionName: "initiateWithdrawal", args: [dep.usdc, 1_000_000n] }));
    const unlockBlock = await publicClient.readContract({ ...gw, functionName: "withdrawalBlock", args: [dep.usdc, depositor.address] });
    expect(unlockBlock).toBe(receipt.blockNumber + BigInt(dep.withdrawalDelay));
    expect(await read.available(depositor.address)).toBe(2_000_000n);
    expect(await read.withdrawing(depositor.address)).toBe(1_000_000n);
    expect(await read.withdrawable(depositor.address)).toBe(0n);
    await expectRevert(depositor.wallet.writeContract({ ...gw, functionName: "withdraw", args: [dep.usdc] }), "WithdrawalNotYetAvailable");

    await mine(dep.withdrawalDelay);
    expect(await read.withdrawable(depositor.address)).toBe(1_000_000n);
    await send(depositor.wallet.writeContract({ ...gw, functionName: "withdraw", args: [dep.usdc] }));
    expect(await read.wallet(depositor.address)).toBe(1_000_000n);
    expect(await read.withdrawing(depositor.address)).toBe(0n);
    expect(await read.total(depositor.address)).toBe(2_000_000n);
  });
});

describe("GatewayWallet: settleBatch", () => {
  it("settles Circle-signed authorizations, and a resubmitted batch settles nothing twice", async () => {
    const payer = await newAccount({ gatewayDeposit: 5_000_000n });
    const seller = randomAddress();
    const items = [await circleSign(payer.account, seller, 1_000n), await circleSign(payer.account, seller, 2_500n)];

    const first = await settle(items);
    expect(first.preview).toEqual([true, true]);
    expect(first.settled.map((l) => l.args.value)).toEqual([1_000n, 2_500n]);
    expect(await read.wallet(seller)).toBe(3_500n);
    expect(await read.available(payer.address)).toBe(5_000_000n - 3_500n);
    expect(await read.used(payer.address, items[0]!.nonce)).toBe(true);

    // A crash after broadcast and a retry: every item is skipped, nothing is debited twice.
    const again = await settle(items);
    expect(again.preview).toEqual([false, false]);
    expect(again.settled).toHaveLength(0);
    expect(again.skipped.map((s) => s.reason)).toEqual(["nonce-used", "nonce-used"]);
    expect(await read.wallet(seller)).toBe(3_500n);
    expect(await read.available(payer.address)).toBe(5_000_000n - 3_500n);
  });

  it("skips bad items without reverting the batch or burning their nonces", async () => {
    const payer = await newAccount({ gatewayDeposit: 1_000_000n });
    const mallory = await newAccount();
    const seller = randomAddress();
    const now = await latestTimestamp();
    const good1 = await circleSign(payer.account, seller, 100n);
    const forged = { ...(await circleSign(mallory.account, seller, 100n)), from: payer.address };
    const tampered = { ...(await circleSign(payer.account, seller, 100n)), value: 999n };
    const expired = await rawSign(payer.account, seller, 100n, { validBefore: now - 1n });
    const early = await rawSign(payer.account, seller, 100n, { validAfter: now + 3600n });
    const usdcDomain = await rawSign(payer.account, seller, 100n, {
      domain: { name: "USDC", version: "2", chainId: dep.chainId, verifyingContract: dep.usdc },
    });
    const tooMuch = await circleSign(payer.account, seller, 1_000_001n);
    const wrongToken = { ...(await circleSign(payer.account, seller, 100n)), token: randomAddress() };
    const good2 = await circleSign(payer.account, seller, 200n);

    const r = await settle([good1, forged, tampered, expired, early, usdcDomain, tooMuch, wrongToken, good2]);
    expect(r.preview).toEqual([true, false, false, false, false, false, false, false, true]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      "bad-signature",
      "bad-signature",
      "expired",
      "not-yet-valid",
      "bad-signature",
      "insufficient-balance",
      "unsupported-token",
    ]);
    expect(await read.wallet(seller)).toBe(300n);
    expect(await read.available(payer.address)).toBe(1_000_000n - 300n);
    expect(await read.used(payer.address, tampered.nonce)).toBe(false);
    expect(await read.used(payer.address, tooMuch.nonce)).toBe(false);
  });

  it("only the operator may settle", async () => {
    const payer = await newAccount({ gatewayDeposit: 1_000n });
    const item = await circleSign(payer.account, randomAddress(), 1_000n);
    await expectRevert(payer.wallet.writeContract({ ...gw, functionName: "settleBatch", args: [[item]] }), "NotOperator");
    expect(await read.available(payer.address)).toBe(1_000n);
  });

  it("a lock drains a pending withdrawal: available first, then the withdrawing balance", async () => {
    const payer = await newAccount({ gatewayDeposit: 10_000n });
    const seller = randomAddress();
    // The hub accepted this payment (and granted access) while the whole deposit was available...
    const locked = await circleSign(payer.account, seller, 8_000n);
    // ...then the payer tries to pull the deposit out before the batch settles.
    await send(payer.wallet.writeContract({ ...gw, functionName: "initiateWithdrawal", args: [dep.usdc, 9_000n] }));
    expect(await read.available(payer.address)).toBe(1_000n);

    const r = await settle([locked]);
    expect(r.settled).toHaveLength(1);
    expect(await read.wallet(seller)).toBe(8_000n);
    expect(await read.available(payer.address)).toBe(0n);
    expect(await read.withdrawing(payer.address)).toBe(2_000n);

    await mine(dep.withdrawalDelay);
    await send(payer.wallet.writeContract({ ...gw, functionName: "withdraw", args: [dep.usdc] }));
    expect(await read.wallet(payer.address)).toBe(2_000n);
    expect(await read.total(payer.address)).toBe(0n);
  });

  it("fully draining the withdrawing balance clears the withdrawal", async () => {
    const payer = await newAccount({ gatewayDeposit: 5_000n });
    const item = await circleSign(payer.account, randomAddress(), 5_000n);
    await send(payer.wallet.writeContract({ ...gw, functionName: "initiateWithdrawal", args: [dep.usdc, 5_000n] }));
    await settle([item]);
    expect(await read.total(payer.address)).toBe(0n);
    expect(await publicClient.readContract({ ...gw, functionName: "withdrawalBlock", args: [dep.usdc, payer.address] })).toBe(0n);
    await expectRevert(payer.wallet.writeContract({ ...gw, functionName: "withdraw", args: [dep.usdc] }), "NoWithdrawingBalance");
  });
});
