import { isAddressEqual, type Address } from "viem";
import { describe, expect, it } from "vitest";
import { feeWalletAbi, feeWalletFactoryAbi, holdingBoxAbi, holdingBoxFactoryAbi, usdcAbi } from "../../lib/chain/abis";
import { canonicalDomain, holdingBoxSalt, predictFeeWallet, predictHoldingBox } from "../../lib/chain/predict";
import { dep, events, expectRevert, newAccount, operator, publicClient, randomAddress, send } from "./helpers";

const usdc = { address: dep.usdc, abi: usdcAbi } as const;
const boxes = { address: dep.holdingBoxFactory, abi: holdingBoxFactoryAbi } as const;
const fees = { address: dep.feeWalletFactory, abi: feeWalletFactoryAbi } as const;
const balanceOf = (a: Address) => publicClient.readContract({ ...usdc, functionName: "balanceOf", args: [a] });
const hasCode = async (a: Address) => ((await publicClient.getCode({ address: a })) ?? "0x") !== "0x";
const uniqueDomain = () => `tips-${Math.random().toString(36).slice(2, 10)}.example`;

describe("canonicalDomain", () => {
  it("lowercases and strips scheme, www., port, path and trailing dot", () => {
    expect(canonicalDomain("WWW.Example.COM")).toBe("example.com");
    expect(canonicalDomain("https://www.example.com:8443/post?x=1#y")).toBe("example.com");
    expect(canonicalDomain("example.com.")).toBe("example.com");
    expect(canonicalDomain("blog.example.com:80")).toBe("blog.example.com");
    expect(canonicalDomain("[::1]:3000")).toBe("[::1]");
    expect(() => canonicalDomain("  ")).toThrow();
  });
});

describe("HoldingBoxFactory", () => {
  it("predicts the box address off chain; the box receives USDC before it has code", async () => {
    const domain = uniqueDomain();
    const box = predictHoldingBox({ factory: dep.holdingBoxFactory, domain: `https://WWW.${domain}:8080/a/post` });
    const onChain = await publicClient.readContract({ ...boxes, functionName: "boxAddress", args: [holdingBoxSalt(domain)] });
    expect(isAddressEqual(box, onChain)).toBe(true);
    const tipper = await newAccount({ usdc: 2_000_000n });
    await send(tipper.wallet.writeContract({ ...usdc, functionName: "transfer", args: [box, 1_000_001n] }));
    expect(await hasCode(box)).toBe(false);
    expect(await balanceOf(box)).toBe(1_000_001n);
  });

  it("release deploys the box and splits exactly: floor(balance * bps / 10000) to the treasury, the rest to the creator", async () => {
    const domain = uniqueDomain();
    const salt = holdingBoxSalt(domain);
    const box = predictHoldingBox({ factory: dep.holdingBoxFactory, domain });
    const tipper = await newAccount({ usdc: 2_000_000n });
    await send(tipper.wallet.writeContract({ ...usdc, functionName: "transfer", args: [box, 1_000_001n] }));
    const creator = randomAddress();
    const treasury = randomAddress();

    await expectRevert(
      tipper.wallet.writeContract({ ...boxes, functionName: "release", args: [salt, creator, treasury, 500n] }),
      "NotOperator",
    );
    const receipt = await send(operator.writeContract({ ...boxes, functionName: "release", args: [salt, creator, treasury, 500n] }));
    expect(await balanceOf(treasury)).toBe(50_000n); // 1_000_001 * 500 / 10_000 = 50_000.05, rounded down
    expect(await balanceOf(creator)).toBe(950_001n);
    expect(await balanceOf(box)).toBe(0n);
    expect(await hasCode(box)).toBe(true);
    const released = events(holdingBoxFactoryAbi, receipt).find((l) => l.eventName === "Released");
    expect(released?.args).toMatchObject({ salt, creatorAmount: 950_001n, feeAmount: 50_000n, feeBps: 500n });
    expect(isAddressEqual(released!.args.box, box)).toBe(true);
    expect(isAddressEqual(await publicClient.readContract({ address: box, abi: holdingBoxAbi, functionName: "factory" }), dep.holdingBoxFactory)).toBe(true);

    // A second release on the deployed box with nothing in it moves nothing and still succeeds.
    await send(operator.writeContract({ ...boxes, functionName: "release", args: [salt, creator, treasury, 500n] }));
    expect(await balanceOf(creator)).toBe(950_001n);
  });

  it("refund deploys if needed and pays the payer, never more than the box holds", async () => {
    const domain = uniqueDomain();
    const salt = holdingBoxSalt(domain);
    const box = predictHoldingBox({ factory: dep.holdingBoxFactory, domain });
    const tipper = await newAccount({ usdc: 1_000n });
    await send(tipper.wallet.writeContract({ ...usdc, functionName: "transfer", args: [box, 700n] }));

    await expectRevert(operator.writeContract({ ...boxes, functionName: "refund", args: [salt, tipper.address, 701n] }), "InsufficientBoxBalance");
    await expectRevert(tipper.wallet.writeContract({ ...boxes, functionName: "refund", args: [salt, tipper.address, 1n] }), "NotOperator");
    const receipt = await send(operator.writeContract({ ...boxes, functionName: "refund", args: [salt, tipper.address, 300n] }));
    expect(events(holdingBoxFactoryAbi, receipt).map((l) => l.eventName)).toEqual(["BoxDeployed", "Refunded"]);
    expect(await balanceOf(tipper.address)).toBe(600n);
    expect(await balanceOf(box)).toBe(400n);
    await expectRevert(operator.writeContract({ ...boxes, functionName: "release", args: [salt, tipper.address, tipper.address, 10_001n] }), "FeeTooHigh");
  });

  it("only the factory can move a box's funds", async () => {
    const domain = uniqueDomain();
    const salt = holdingBoxSalt(domain);
    const box = predictHoldingBox({ factory: dep.holdingBoxFactory, domain });
    await send(operator.writeContract({ ...boxes, functionName: "refund", args: [salt, operator.account.address, 0n] }));
    await expectRevert(operator.writeContract({ address: box, abi: holdingBoxAbi, functionName: "pay", args: [operator.account.address, 0n] }), "NotFactory");
  });
});

describe("FeeWalletFactory", () => {
  it("predicts the fee wallet, and distribute (by anyone) splits 99/1 rounding the fee down", async () => {
    const creator = randomAddress();
    const wallet = predictFeeWallet({ factory: dep.feeWalletFactory, creator });
    const onChain = await publicClient.readContract({ ...fees, functionName: "feeWalletAddress", args: [creator] });
    expect(isAddressEqual(wallet, onChain)).toBe(true);
    // Kept per factory and creator: asked again (in any case) it is the same address, another factory's is not.
    expect(predictFeeWallet({ factory: dep.feeWalletFactory, creator: creator.toLowerCase() as Address })).toBe(wallet);
    expect(predictFeeWallet({ factory: dep.holdingBoxFactory, creator })).not.toBe(wallet);
    expect(await publicClient.readContract({ ...fees, functionName: "feeBps" })).toBe(100n);

    const buyer = await newAccount({ usdc: 2_000_000n });
    await send(buyer.wallet.writeContract({ ...usdc, functionName: "transfer", args: [wallet, 1_000_001n] }));
    expect(await hasCode(wallet)).toBe(false);

    const treasuryBefore = await balanceOf(dep.treasury);
    const receipt = await send(buyer.wallet.writeContract({ ...fees, functionName: "distribute", args: [creator] }));
    expect(await balanceOf(dep.treasury)).toBe(treasuryBefore + 10_000n); // 1_000_001 * 100 / 10_000 = 10_000.01
    expect(await balanceOf(creator)).toBe(990_001n);
    expect(await balanceOf(wallet)).toBe(0n);
    const distributed = events(feeWalletFactoryAbi, receipt).find((l) => l.eventName === "Distributed");
    expect(distributed?.args).toMatchObject({ creatorAmount: 990_001n, feeAmount: 10_000n });

    // Once deployed, later payments distribute the same way; 99 atomic units carry no fee at all.
    await send(buyer.wallet.writeContract({ ...usdc, functionName: "transfer", args: [wallet, 99n] }));
    await send(operator.writeContract({ ...fees, functionName: "distribute", args: [creator] }));
    expect(await balanceOf(creator)).toBe(990_100n);
    expect(await balanceOf(dep.treasury)).toBe(treasuryBefore + 10_000n);
    await expectRevert(buyer.wallet.writeContract({ address: wallet, abi: feeWalletAbi, functionName: "pay", args: [buyer.address, 1n] }), "NotFactory");
  });
});
