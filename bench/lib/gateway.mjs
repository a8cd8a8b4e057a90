// Gateway-rail payments for the benchmarks (bench/pay.mjs, bench/facilitator.mjs): payers with a
// Gateway deposit on the bench's chain, EIP-3009 authorizations for GatewayWalletBatched signed ahead
// of a run (one per request, so every request is a real payment), and the books those payments move.
import { authorizationTypes } from "@x402/evm";
import { toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { fundWallets } from "../../scripts/lib/deploy.mjs";
import { sqlRows } from "./harness.mjs";

/**
 * `count` fresh payers, each with `deposit` (atomic USDC) in the Gateway Wallet of the hub's chain, or
 * with `usdc` in their own balance (plain EIP-3009 payments, which the hub's relayer settles at once).
 */
export async function gatewayPayers({ hub, count, deposit = 0n, usdc = 0n }) {
  const signers = Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()));
  await fundWallets({ rpcUrl: hub.anvil.rpcUrl, dataDir: hub.dataDir, wallets: signers.map((s) => ({ address: s.address, gatewayDeposit: deposit, usdc })) });
  return signers;
}

/**
 * `total` Gateway authorizations of `amount` to `to`, signed in turn by `signers` (authorization i by
 * signers[i % signers.length]): the `payload` of an x402 PaymentPayload, valid from ten minutes ago for
 * a week. `network` is the CAIP-2 id (eip155:<chainId>), `verifyingContract` the Gateway Wallet.
 */
export async function signGatewayAuthorizations({ signers, total, to, amount, network, verifyingContract }) {
  return signAuthorizations({ signers, total, to, amount, domain: { name: "GatewayWalletBatched", version: "1", chainId: Number(network.split(":")[1]), verifyingContract } });
}

/**
 * The same for any EIP-712 domain: a plain EIP-3009 payment names USDC's own (its name, version and
 * address), and the hub takes it only within the offer's maxTimeoutSeconds (`validFor`, seconds).
 */
export async function signAuthorizations({ signers, total, to, amount, domain, validFor = 7 * 86400 }) {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const payloads = [];
  for (let i = 0; i < total; i++) {
    const signer = signers[i % signers.length];
    const authorization = { from: signer.address, to, value: BigInt(amount), validAfter: now - 600n, validBefore: now + BigInt(validFor), nonce: toHex(crypto.getRandomValues(new Uint8Array(32))) };
    const signature = await signer.signTypedData({ domain, types: authorizationTypes, primaryType: "TransferWithAuthorization", message: authorization });
    payloads.push({ authorization: Object.fromEntries(Object.entries(authorization).map(([k, v]) => [k, v.toString()])), signature });
  }
  return payloads;
}

/**
 * What Gateway payments (or, with rail "eip3009", plain ones) move in the hub's database: payments and
 * their amounts, ledger rows and their amounts, the ledger's running totals (every shard of the kind),
 * the content's unlock counters.
 */
export async function gatewayBooks(databaseUrl, rail = "gateway") {
  const one = async (text) => Number((await sqlRows(databaseUrl, text))[0].n);
  const r = rail === "eip3009" ? "eip3009" : "gateway";
  return {
    payments: await one(`SELECT COUNT(*) AS n FROM "Payment" WHERE "rail" = '${r}'`),
    ledger: await one(`SELECT COUNT(*) AS n FROM "LedgerActivity" WHERE "type" = 'payment'`),
    paid: await one(`SELECT COALESCE(SUM("amountAtomic"), 0) AS n FROM "Payment" WHERE "rail" = '${r}'`),
    ledgerSum: await one(`SELECT COALESCE(SUM("amountAtomic"), 0) AS n FROM "LedgerActivity" WHERE "type" = 'payment'`),
    totalSum: await one(`SELECT COALESCE(SUM("amountAtomic"), 0) AS n FROM "LedgerTotal" WHERE "type" = 'payment'`),
    totalCount: await one(`SELECT COALESCE(SUM("count"), 0) AS n FROM "LedgerTotal" WHERE "type" = 'payment'`),
    unlocks: await one(`SELECT COALESCE(SUM("unlocks"), 0) AS n FROM "Content"`),
  };
}

/**
 * gatewayBooks() once nothing has moved for `quietMs`: requests still in flight when a run's clock
 * stopped (or that the load generator gave up on) commit a moment later.
 */
export async function settledGatewayBooks(databaseUrl, { quietMs = 250, timeoutMs = 15_000, rail = "gateway" } = {}) {
  let last = await gatewayBooks(databaseUrl, rail);
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, quietMs));
    const now = await gatewayBooks(databaseUrl, rail);
    if (Object.keys(now).every((k) => now[k] === last[k])) return now;
    last = now;
  }
  return last;
}

/**
 * Throws unless the books moved as `answered` paid answers of `amount` each should have moved them:
 * one Payment and one ledger row per answer (plus at most `inFlight` requests the load generator
 * stopped waiting for or gave up on, which may still have committed), every amount in the ledger, its running totals
 * and the content counters once. Returns the payments recorded.
 */
export function checkGatewayBooks({ before, after, answered, inFlight, amount }) {
  const moved = (k) => after[k] - before[k];
  const rows = moved("payments");
  if (rows !== moved("ledger") || rows < answered || rows > answered + inFlight) {
    throw new Error(`bookkeeping: ${answered} paid answers, but ${rows} payments and ${moved("ledger")} ledger rows recorded`);
  }
  if (moved("paid") !== rows * Number(amount) || moved("ledgerSum") !== moved("paid") || moved("totalSum") !== moved("paid") || moved("totalCount") !== rows || moved("unlocks") !== rows) {
    throw new Error(`balances: payments ${moved("paid")}, ledger rows ${moved("ledgerSum")}, ledger totals ${moved("totalSum")} (${moved("totalCount")} rows), content unlocks ${moved("unlocks")} for ${rows} payments of ${amount}`);
  }
  return rows;
}
