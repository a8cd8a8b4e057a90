// Shared clients and helpers for the contract tests. Every test makes fresh accounts, so files and
// tests never depend on each other's balances.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEventLogs,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, inject } from "vitest";
import { ANVIL_KEYS, fundWallets } from "../../scripts/lib/deploy.mjs";

export const dep = inject("deployment");
const cacheDir = inject("contractsCacheDir");

export const chain = defineChain({
  id: dep.chainId,
  name: "contracts-test",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [dep.rpcUrl] } },
});
export const publicClient = createPublicClient({ chain, transport: http(dep.rpcUrl), pollingInterval: 50 });

export function walletFor(privateKey: Hex) {
  return createWalletClient({
    chain,
    account: privateKeyToAccount(privateKey),
    transport: http(dep.rpcUrl),
    pollingInterval: 50,
  });
}
export type Wallet = ReturnType<typeof walletFor>;

export const operator = walletFor(ANVIL_KEYS[0] as Hex);

/** A fresh account with gas, `usdc` in its wallet and `gatewayDeposit` deposited by itself (Circle's path). */
export async function newAccount({ usdc = 0n, gatewayDeposit = 0n }: { usdc?: bigint; gatewayDeposit?: bigint } = {}) {
  const privateKey = generatePrivateKey();
  const wallet = walletFor(privateKey);
  const address = wallet.account.address;
  await fundWallets({ rpcUrl: dep.rpcUrl, dataDir: cacheDir, wallets: [{ address, usdc, gatewayDeposit, privateKey }] });
  return { privateKey, wallet, address, account: wallet.account };
}

/** Sends a transaction and waits for a successful receipt. */
export async function send(hash: Promise<Hex>): Promise<TransactionReceipt> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** The call must revert with this custom error (viem decodes it from the ABI during gas estimation). */
export async function expectRevert(call: Promise<unknown>, errorName: string) {
  await expect(call).rejects.toThrow(new RegExp(errorName));
}

export function events<const A extends Abi>(abi: A, receipt: TransactionReceipt) {
  return parseEventLogs({ abi, logs: receipt.logs });
}

export async function latestTimestamp(): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp;
}

export async function mine(blocks: number) {
  await publicClient.request({ method: "anvil_mine" as never, params: [`0x${blocks.toString(16)}`] as never });
}

export const randomNonce = (): Hex => generatePrivateKey(); // 32 random bytes

export function randomAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address;
}
