import { domainSeparator, isAddressEqual, parseSignature, type Address, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { usdcAbi } from "../../lib/chain/abis";
import { dep, events, expectRevert, latestTimestamp, newAccount, operator, publicClient, randomNonce, send } from "./helpers";

const usdc = { address: dep.usdc, abi: usdcAbi } as const;
const domain = { name: "USDC", version: "2", chainId: dep.chainId, verifyingContract: dep.usdc } as const;
const authTypes = (primaryType: "TransferWithAuthorization" | "ReceiveWithAuthorization") =>
  ({
    [primaryType]: [
      { name: "from", type: "address" },
      { name: "to", type: "address" },
      { name: "value", type: "uint256" },
      { name: "validAfter", type: "uint256" },
      { name: "validBefore", type: "uint256" },
      { name: "nonce", type: "bytes32" },
    ],
  }) as const;

type Payer = Awaited<ReturnType<typeof newAccount>>;

async function authorize(
  payer: Payer,
  to: Address,
  value: bigint,
  opts: { primaryType?: "TransferWithAuthorization" | "ReceiveWithAuthorization"; validBefore?: bigint } = {},
) {
  const primaryType = opts.primaryType ?? "TransferWithAuthorization";
  const now = await latestTimestamp();
  const message = {
    from: payer.address,
    to,
    value,
    validAfter: 0n,
    validBefore: opts.validBefore ?? now + 3600n,
    nonce: randomNonce(),
  };
  const signature = await payer.account.signTypedData({ domain, types: authTypes(primaryType), primaryType, message });
  return { message, signature };
}

const balanceOf = (a: Address) => publicClient.readContract({ ...usdc, functionName: "balanceOf", args: [a] });
const args = (m: Awaited<ReturnType<typeof authorize>>["message"]) =>
  [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce] as const;
function vrs(signature: Hex) {
  const { v, r, s } = parseSignature(signature);
  return [Number(v), r, s] as const;
}

describe("Usdc", () => {
  it("reads back its EIP-712 domain (EIP-5267) and token metadata", async () => {
    const { domain: onChain, fields } = await publicClient.getEip712Domain({ address: dep.usdc });
    expect(fields).toBe("0x0f");
    expect(onChain.name).toBe("USDC");
    expect(onChain.version).toBe("2");
    expect(onChain.chainId).toBe(5042002);
    expect(isAddressEqual(onChain.verifyingContract, "0x3600000000000000000000000000000000000000")).toBe(true);
    const separator = await publicClient.readContract({ ...usdc, functionName: "DOMAIN_SEPARATOR" });
    expect(separator).toBe(domainSeparator({ domain }));
    expect(await publicClient.readContract({ ...usdc, functionName: "decimals" })).toBe(6);
    expect(await publicClient.readContract({ ...usdc, functionName: "name" })).toBe("USDC");
  });

  it("transferWithAuthorization with a bytes signature, relayed by a third party", async () => {
    const payer = await newAccount({ usdc: 5_000_000n });
    const payee = await newAccount();
    const { message, signature } = await authorize(payer, payee.address, 1_250_000n);
    const receipt = await send(
      operator.writeContract({ ...usdc, functionName: "transferWithAuthorization", args: [...args(message), signature] }),
    );
    const logs = events(usdcAbi, receipt);
    expect(logs.map((l) => l.eventName)).toEqual(["AuthorizationUsed", "Transfer"]);
    expect(await balanceOf(payee.address)).toBe(1_250_000n);
    expect(await balanceOf(payer.address)).toBe(3_750_000n);
    expect(
      await publicClient.readContract({ ...usdc, functionName: "authorizationState", args: [payer.address, message.nonce] }),
    ).toBe(true);
  });

  it("transferWithAuthorization with (v, r, s), and a replay is rejected", async () => {
    const payer = await newAccount({ usdc: 2_000_000n });
    const payee = await newAccount();
    const { message, signature } = await authorize(payer, payee.address, 700_000n);
    await send(operator.writeContract({ ...usdc, functionName: "transferWithAuthorization", args: [...args(message), ...vrs(signature)] }));
    expect(await balanceOf(payee.address)).toBe(700_000n);

    await expectRevert(
      operator.writeContract({ ...usdc, functionName: "transferWithAuthorization", args: [...args(message), ...vrs(signature)] }),
      "AuthorizationAlreadyUsed",
    );
    await expectRevert(
      operator.writeContract({ ...usdc, functionName: "transferWithAuthorization", args: [...args(message), signature] }),
      "AuthorizationAlreadyUsed",
    );
    expect(await balanceOf(payee.address)).toBe(700_000n);
  });

  it("rejects a tampered amount, a foreign signer and an expired authorization", async () => {
    const payer = await newAccount({ usdc: 2_000_000n });
    const other = await newAccount();
    const { message, signature } = await authorize(payer, other.address, 100n);
    await expectRevert(
      operator.writeContract({ ...usdc, functionName: "transferWithAuthorization", args: [...args({ ...message, value: 101n }), signature] }),
      "InvalidSignature",
    );
    const forged = await authorize(other, other.address, 100n);
    await expectRevert(
      operator.writeContract({ ...usdc, functionName: "transferWithAuthorization", args: [...args({ ...forged.message, from: payer.address }), forged.signature] }),
      "InvalidSignature",
    );
    const expired = await authorize(payer, other.address, 100n, { validBefore: (await latestTimestamp()) - 1n });
    await expectRevert(
      operator.writeContract({ ...usdc, functionName: "transferWithAuthorization", args: [...args(expired.message), expired.signature] }),
      "AuthorizationExpired",
    );
  });

  it("receiveWithAuthorization must be submitted by the payee", async () => {
    const payer = await newAccount({ usdc: 1_000_000n });
    const payee = await newAccount();
    const { message, signature } = await authorize(payer, payee.address, 400_000n, { primaryType: "ReceiveWithAuthorization" });
    await expectRevert(
      operator.writeContract({ ...usdc, functionName: "receiveWithAuthorization", args: [...args(message), signature] }),
      "CallerMustBePayee",
    );
    await send(payee.wallet.writeContract({ ...usdc, functionName: "receiveWithAuthorization", args: [...args(message), ...vrs(signature)] }));
    expect(await balanceOf(payee.address)).toBe(400_000n);

    // A TransferWithAuthorization signature is not a ReceiveWithAuthorization one (different type hash).
    const wrongType = await authorize(payer, payee.address, 1n);
    await expectRevert(
      payee.wallet.writeContract({ ...usdc, functionName: "receiveWithAuthorization", args: [...args(wrongType.message), wrongType.signature] }),
      "InvalidSignature",
    );
  });

  it("cancelAuthorization burns the nonce", async () => {
    const payer = await newAccount({ usdc: 1_000_000n });
    const { message, signature } = await authorize(payer, operator.account.address, 10n);
    const cancelSig = await payer.account.signTypedData({
      domain,
      types: { CancelAuthorization: [{ name: "authorizer", type: "address" }, { name: "nonce", type: "bytes32" }] },
      primaryType: "CancelAuthorization",
      message: { authorizer: payer.address, nonce: message.nonce },
    });
    const receipt = await send(
      operator.writeContract({ ...usdc, functionName: "cancelAuthorization", args: [payer.address, message.nonce, cancelSig] }),
    );
    expect(events(usdcAbi, receipt)[0]!.eventName).toBe("AuthorizationCanceled");
    await expectRevert(
      operator.writeContract({ ...usdc, functionName: "transferWithAuthorization", args: [...args(message), signature] }),
      "AuthorizationAlreadyUsed",
    );
  });

  it("only the owner mints", async () => {
    const someone = await newAccount();
    await expectRevert(someone.wallet.writeContract({ ...usdc, functionName: "mint", args: [someone.address, 1n] }), "NotOwner");
    await expectRevert(someone.wallet.writeContract({ ...usdc, functionName: "initialize", args: [someone.address] }), "AlreadyInitialized");
  });
});
