// Chain and database helpers for the tips API tests: fresh funded wallets, USDC transfers, fixture sites.
import { randomBytes } from "node:crypto";
import {
  createPublicClient, createWalletClient, defineChain, getAddress, http, parseEventLogs,
  type Address, type Hex, type PrivateKeyAccount,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { gatewayWalletAbi, holdingBoxFactoryAbi, usdcAbi } from "../../lib/chain/abis";
import { holdingBoxSalt, predictHoldingBox } from "../../lib/chain/predict";
// anvil #0's sends (minting) share the key with the hub's relayer and other test files: a send refused for a nonce another sender took first is sent again.
import { resendOnStaleNonce } from "../../lib/chain/resend-on-stale-nonce";
import { createDb } from "../../lib/db-core";
import { refundMessage } from "../../lib/tips/refund-message";
import { removeSites } from "./db";
import { api } from "./hub";

export const RPC_URL = process.env.RPC_URL ?? "http://127.0.0.1:8546";
export const USDC = getAddress("0x3600000000000000000000000000000000000000");
export const FACTORY = getAddress(process.env.HOLDING_BOX_FACTORY_ADDRESS ?? "0x0000000000000000000000000000000000000000");
export const CHAIN_ID = 5042002;
// anvil's public dev keys: #0 deployer / relayer / factory owner, #3 treasury.
const OPERATOR_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
export const TREASURY = privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6").address;

const chain = defineChain({
  id: CHAIN_ID,
  name: "tips-test",
  nativeCurrency: { name: "USDC", symbol: "USDC", decimals: 18 },
  rpcUrls: { default: { http: [RPC_URL] } },
});
export const chainClient = createPublicClient({ chain, transport: http(RPC_URL), pollingInterval: 50 });
export const walletFor = (account: PrivateKeyAccount) => createWalletClient({ chain, account, transport: http(RPC_URL), pollingInterval: 50 });
export const operator = walletFor(privateKeyToAccount(OPERATOR_KEY));

/** The test's own database client (same DATABASE_URL as the hub): fixtures and "nothing recorded" checks. */
export const testDb = createDb(process.env.DATABASE_URL ?? "file:./data/hub.db");

export const usdc = (n: string) => BigInt(Math.round(Number(n) * 1e6));

async function confirmed(hash: Promise<Hex> | Hex) {
  const receipt = await chainClient.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== "success") throw new Error(`tx ${receipt.transactionHash} reverted`);
  return receipt;
}

/** A fresh account with gas and `amount` atomic USDC (minted by the USDC owner, anvil #0). */
export async function newWallet(amount = 0n) {
  const account = privateKeyToAccount(generatePrivateKey());
  await chainClient.request({ method: "anvil_setBalance" as never, params: [account.address, "0xDE0B6B3A7640000"] as never });
  if (amount > 0n) await resendOnStaleNonce(() => confirmed(operator.writeContract({ address: USDC, abi: usdcAbi, functionName: "mint", args: [account.address, amount] })));
  return { account, address: account.address, wallet: walletFor(account) };
}

export type TestWallet = Awaited<ReturnType<typeof newWallet>>;

export async function balanceOf(address: Address): Promise<bigint> {
  return chainClient.readContract({ address: USDC, abi: usdcAbi, functionName: "balanceOf", args: [address] });
}

export async function transferUsdc(from: TestWallet, to: Address, amount: bigint): Promise<Hex> {
  const receipt = await confirmed(from.wallet.writeContract({ address: USDC, abi: usdcAbi, functionName: "transfer", args: [to, amount] }));
  return receipt.transactionHash;
}

export const uniqueDomain = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}.example`;
export const boxOf = (domain: string) => predictHoldingBox({ factory: FACTORY, domain });

const fixtureSites: string[] = [];
const fixtureShares: string[] = [];

/** Removes the sites and shares this file created (afterAll), so later suites see only their own data. */
export async function removeFixtures() {
  await removeSites(testDb, fixtureSites.splice(0));
  await testDb.quickshare.deleteMany({ where: { id: { in: fixtureShares.splice(0) } } });
}

/** Remembers a quickshare row created by a test, for removeFixtures. */
export function trackShare(id: string) {
  fixtureShares.push(id);
}

/** A site row straight in the database (site registration is another route's job). */
export async function createSite(opts: { domain: string; owner: Address; verified?: boolean; hosted?: boolean; removed?: boolean; feeWallet?: Address }) {
  const verifyToken = randomBytes(24).toString("hex");
  await testDb.owner.upsert({ where: { wallet: opts.owner }, create: { wallet: opts.owner }, update: {} });
  const site = await testDb.site.create({
    data: {
      domain: opts.domain, name: opts.domain, ownerWallet: opts.owner, verifyToken,
      verified: opts.verified ?? true, verificationStatus: opts.verified === false ? "pending" : "verified",
      hosted: opts.hosted ?? false, feeWallet: opts.feeWallet ?? null, removedAt: opts.removed ? new Date() : null,
    },
  });
  fixtureSites.push(site.id);
  return { id: site.id, verifyToken, domain: opts.domain };
}

/** Sends `amount` from the payer to the domain's box and records the hold; returns the hold response body. */
export async function holdTip(payer: TestWallet, domain: string, amount: bigint, path = "/post") {
  const txHash = await transferUsdc(payer, boxOf(domain), amount);
  const res = await api("/hub/tips/hold", {
    json: { contentUrl: `https://${domain}${path}`, amount: (Number(amount) / 1e6).toString(), txHash, walletAddress: payer.address, title: "A post" },
  });
  if (res.status !== 200) throw new Error(`hold failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let nonceSeq = 0;
/** A signed refund request body for the payer (amount: a cap in atomic units, or null for all). */
export async function signedRefund(payer: TestWallet, domain: string, amount: bigint | null, over: { signer?: TestWallet; nonce?: string; chainId?: number; messageDomain?: string } = {}) {
  const nonce = over.nonce ?? `t${Date.now().toString(36)}${(nonceSeq++).toString(36)}${randomBytes(3).toString("hex")}`;
  const message = refundMessage({ domain: over.messageDomain ?? domain, payer: payer.address, amountAtomic: amount, chainId: over.chainId ?? CHAIN_ID, nonce });
  const signature = await (over.signer ?? payer).account.signMessage({ message });
  return { domain, payer: payer.address, message, signature, ...(amount !== null && { amount: (Number(amount) / 1e6).toString() }) };
}

/** The factory's Released events in a transaction. */
export async function releasedEvents(hash: Hex) {
  const receipt = await chainClient.getTransactionReceipt({ hash });
  return parseEventLogs({ abi: holdingBoxFactoryAbi, eventName: "Released", logs: receipt.logs });
}

/** Points the factory's operator elsewhere so the hub's relayer calls revert (NotOperator); returns the undo. */
export async function breakRelayer(): Promise<() => Promise<void>> {
  const stranger = privateKeyToAccount(generatePrivateKey()).address;
  await confirmed(operator.writeContract({ address: FACTORY, abi: holdingBoxFactoryAbi, functionName: "setOperator", args: [stranger] }));
  return async () => {
    await confirmed(operator.writeContract({ address: FACTORY, abi: holdingBoxFactoryAbi, functionName: "setOperator", args: [operator.account.address] }));
  };
}

export async function ledgerRows(domain: string) {
  return testDb.ledgerActivity.findMany({ where: { type: "tip", domain }, orderBy: [{ timestamp: "asc" }, { id: "asc" }] });
}

/** Releases a domain's box directly as the factory's operator (anvil #0): what a hub that crashed after sending did. */
export async function sendRelease(domain: string, creator: Address): Promise<Hex> {
  const receipt = await confirmed(
    operator.writeContract({ address: FACTORY, abi: holdingBoxFactoryAbi, functionName: "release", args: [holdingBoxSalt(domain), creator, TREASURY, 500n] }),
  );
  return receipt.transactionHash;
}

export const GATEWAY = getAddress(process.env.GATEWAY_WALLET_ADDRESS ?? "0x0077777d7EBA4688BDeF3E311b846F25870A19B9");

/** Deposits `amount` of the wallet's USDC into the Gateway Wallet (Circle's deposit path). */
export async function depositToGateway(w: TestWallet, amount: bigint) {
  await confirmed(w.wallet.writeContract({ address: USDC, abi: usdcAbi, functionName: "approve", args: [GATEWAY, amount] }));
  await confirmed(w.wallet.writeContract({ address: GATEWAY, abi: gatewayWalletAbi, functionName: "deposit", args: [USDC, amount] }));
}
