// Helpers for the x402 payment tests: chain access (direct, not through the hub), funded throwaway
// payers, hand-signed payloads for the negative cases, and database counts for "nothing recorded".
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  toHex,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { gatewayWalletAbi, usdcAbi } from "../../lib/chain/abis";
import { createDb, type Db } from "../../lib/db-core";
import { api, type HubResponse } from "./hub";

export const RPC_URL = process.env.RPC_URL ?? "http://127.0.0.1:8546";
export const CHAIN_ID = 5042002;
export const NETWORK = `eip155:${CHAIN_ID}` as const;
export const USDC = getAddress(process.env.USDC_ADDRESS ?? "0x3600000000000000000000000000000000000000");
export const GATEWAY = getAddress(process.env.GATEWAY_WALLET_ADDRESS ?? "0x0077777d7EBA4688BDeF3E311b846F25870A19B9");
export const FEE_WALLET_FACTORY = process.env.FEE_WALLET_FACTORY_ADDRESS as Address;

export const chain = defineChain({
  id: CHAIN_ID,
  name: "local",
  nativeCurrency: { name: "USDC", symbol: "USDC", decimals: 18 },
  rpcUrls: { default: { http: [RPC_URL] } },
});
export const chainClient = createPublicClient({ chain, transport: http(RPC_URL), pollingInterval: 50 });
export const walletFor = (account: PrivateKeyAccount) => createWalletClient({ chain, account, transport: http(RPC_URL), pollingInterval: 50 });

// anvil #4 and #6 (demo payers, seeded with 100 USDC + 20 USDC deposited): #6 is the bank that funds
// throwaway payers, so each test starts from balances it controls.
export const DEMO_PAYER = privateKeyToAccount("0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a");
const BANK = privateKeyToAccount("0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e");

let dbClient: Db | undefined;
/** The hub's database, for assertions only. */
export function hubDb(): Db {
  dbClient ??= createDb(process.env.DATABASE_URL!);
  return dbClient;
}

export const usdc = (n: string) => BigInt(Math.round(Number(n) * 1e6));

export async function usdcBalance(address: Address): Promise<bigint> {
  return chainClient.readContract({ address: USDC, abi: usdcAbi, functionName: "balanceOf", args: [address] });
}

export async function gatewayAvailable(address: Address): Promise<bigint> {
  return chainClient.readContract({ address: GATEWAY, abi: gatewayWalletAbi, functionName: "availableBalance", args: [USDC, address] });
}

async function send(account: PrivateKeyAccount, args: Parameters<ReturnType<typeof walletFor>["writeContract"]>[0]) {
  const hash = await walletFor(account).writeContract(args);
  const receipt = await chainClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`tx ${hash} reverted`);
  return receipt;
}

/** A fresh wallet with gas, `wallet` USDC in hand and `deposit` USDC in the Gateway Wallet (paid for by the bank). */
export async function freshPayer({ wallet = "0", deposit = "0" }: { wallet?: string; deposit?: string } = {}): Promise<PrivateKeyAccount & { privateKey: Hex }> {
  const privateKey = generatePrivateKey();
  const account = Object.assign(privateKeyToAccount(privateKey), { privateKey });
  await chainClient.request({ method: "anvil_setBalance" as never, params: [account.address, toHex(10n ** 18n)] as never });
  if (usdc(wallet) > 0n) await send(BANK, { address: USDC, abi: usdcAbi, functionName: "transfer", args: [account.address, usdc(wallet)], chain, account: BANK });
  if (usdc(deposit) > 0n) await gatewayDeposit(account, deposit);
  return account;
}

/** `amount` USDC from the bank into `account`'s Gateway deposit (approve + deposit, as Circle's client does); returns the deposit's block. */
export async function gatewayDeposit(account: PrivateKeyAccount, amount: string): Promise<bigint> {
  await send(BANK, { address: USDC, abi: usdcAbi, functionName: "transfer", args: [account.address, usdc(amount)], chain, account: BANK });
  await send(account, { address: USDC, abi: usdcAbi, functionName: "approve", args: [GATEWAY, usdc(amount)], chain, account });
  return (await send(account, { address: GATEWAY, abi: gatewayWalletAbi, functionName: "deposit", args: [USDC, usdc(amount)], chain, account })).blockNumber;
}

/** The payer starts withdrawing `amount` USDC of its deposit (withdrawable after the contract's delay); returns the block. */
export async function startWithdrawal(account: PrivateKeyAccount, amount: string): Promise<bigint> {
  return (await send(account, { address: GATEWAY, abi: gatewayWalletAbi, functionName: "initiateWithdrawal", args: [USDC, usdc(amount)], chain, account })).blockNumber;
}

/** POST /hub/pay with optional extra headers. */
export function pay(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<HubResponse> {
  return api("/hub/pay", { json: body, headers });
}

/** The decoded PAYMENT-REQUIRED challenge of an unpaid POST /hub/pay. */
export async function challengeFor(body: Record<string, unknown>): Promise<PaymentRequired> {
  const res = await pay(body);
  if (res.status !== 402) throw new Error(`expected 402, got ${res.status} ${JSON.stringify(res.body)}`);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
}

const types = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

export type AuthOverrides = Partial<{ to: Address; value: bigint; validAfter: bigint; validBefore: bigint; nonce: Hex; chainId: number }>;

/**
 * A Payment-Signature header for `requirement` signed by `signer` (as Circle's BatchEvmScheme or
 * ExactEvmScheme would), with overrides for the negative cases. `from` is the signer unless given.
 */
export async function signedPayment({
  requirement,
  signer,
  from,
  over = {},
  accepted = requirement,
  resource,
}: {
  requirement: PaymentRequirements;
  signer: PrivateKeyAccount;
  from?: Address;
  over?: AuthOverrides;
  accepted?: PaymentRequirements;
  resource?: PaymentRequired["resource"];
}): Promise<{ header: string; payload: PaymentPayload; nonce: Hex }> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const gateway = requirement.extra.name === "GatewayWalletBatched";
  const nonce = over.nonce ?? (toHex(crypto.getRandomValues(new Uint8Array(32))) as Hex);
  const authorization = {
    from: from ?? signer.address,
    to: over.to ?? getAddress(requirement.payTo),
    value: over.value ?? BigInt(requirement.amount),
    validAfter: over.validAfter ?? (gateway ? now - 600n : 0n),
    validBefore: over.validBefore ?? now + BigInt(gateway ? 7 * 24 * 3600 + 100 : requirement.maxTimeoutSeconds),
    nonce,
  };
  const domain = {
    name: String(requirement.extra.name),
    version: String(requirement.extra.version),
    chainId: over.chainId ?? Number(requirement.network.split(":")[1]),
    verifyingContract: getAddress(gateway ? String(requirement.extra.verifyingContract) : requirement.asset),
  };
  const signature = await signer.signTypedData({ domain, types, primaryType: "TransferWithAuthorization", message: authorization });
  const payload: PaymentPayload = {
    x402Version: 2,
    accepted,
    resource,
    payload: {
      authorization: Object.fromEntries(Object.entries(authorization).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v])),
      signature,
    },
  };
  return { header: encodePaymentSignatureHeader(payload), payload, nonce };
}

/** Row counts that recording a payment changes (settlement batches are the settler's, not the request's). */
export async function paymentCounts() {
  const db = hubDb();
  const [payments, receipts, ledger] = await Promise.all([db.payment.count(), db.receipt.count(), db.ledgerActivity.count()]);
  return { payments, receipts, ledger };
}

/** Polls `check` until it returns something truthy (no fixed sleeps). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, { timeoutMs = 15_000, what = "condition" } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How long the hub trusts its Gateway deposit index after the last pass (scripts/test.mjs sets it). */
export const GATEWAY_INDEX_MAX_LAG_MS = Number(process.env.GATEWAY_INDEX_MAX_LAG_MS ?? 3000);

/** The deposit index's head row (how far and how recently the hub followed the Gateway Wallet). */
export function gatewayIndexHead() {
  return hubDb().gatewayIndexHead.findUnique({ where: { chainId: CHAIN_ID } });
}

/** Waits until the hub no longer trusts its deposit index (its last pass older than the bound; the chain must be down). */
export function gatewayIndexStale() {
  return eventually(async () => {
    const head = await gatewayIndexHead();
    return !head || Date.now() - head.readAt.getTime() > GATEWAY_INDEX_MAX_LAG_MS + 250;
  }, { what: "the Gateway deposit index to go stale" });
}

/** Waits until the deposit index is current (a pass began within the last `withinMs`) and has followed the chain to `block`. */
export function gatewayIndexAt(block: bigint, withinMs = 500) {
  return eventually(async () => {
    const head = await gatewayIndexHead();
    return head !== null && head.block >= block && Date.now() - head.readAt.getTime() < withinMs && head;
  }, { what: `the Gateway deposit index to reach block ${block}` });
}

/** No settlement batch is open (pending or submitted): the hub's settler has nothing in flight. Only the settler lease's holder finishes an open batch. */
export async function settlerIdle(): Promise<boolean> {
  return (await hubDb().settlementBatch.count({ where: { status: { in: ["pending", "submitted"] } } })) === 0;
}

/** Waits until the settler has settled payment `id`; returns the row. */
export function settled(id: string, timeoutMs = 15_000) {
  return eventually(
    async () => {
      const p = await hubDb().payment.findUnique({ where: { id }, include: { receipt: true } });
      return p?.status === "settled" ? p : undefined;
    },
    { timeoutMs, what: `payment ${id} to settle` },
  );
}

/** AuthorizationSettled events of the Gateway Wallet for (from, nonce): one means settled exactly once. */
export async function settlementEvents(from: Address, nonce: Hex) {
  return chainClient.getContractEvents({ address: GATEWAY, abi: gatewayWalletAbi, eventName: "AuthorizationSettled", args: { from, nonce }, fromBlock: 0n });
}

/** Switches the hub's chain access off and on (the test runner puts a proxy between hub and chain). */
export async function chainAccess(up: boolean) {
  const url = process.env.CHAIN_PROXY_URL;
  if (!url) throw new Error("CHAIN_PROXY_URL is not set: run the API tests through scripts/test.mjs");
  const res = await fetch(`${url}/__proxy/${up ? "up" : "down"}`, { method: "POST" });
  if (!res.ok) throw new Error(`proxy control: ${res.status}`);
}

