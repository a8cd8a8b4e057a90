// `npm run pay -- <url> [--content <id>] [--rail plain|gateway] [--key 0x…] [--max <atomic>]`
// Pays a paid resource of the running hub with the official x402 client (@x402/fetch) and a demo
// wallet (anvil #4 unless --key or PAYER_KEY says otherwise), then prints the receipt.
//   --rail plain    ExactEvmScheme signs accepts[0], a plain EIP-3009 USDC authorization that the hub's
//                   relayer settles at once (the payer needs USDC in the wallet; no gas)
//   --rail gateway  Circle's BatchEvmScheme signs the GatewayWalletBatched option, drawn from the
//                   payer's Gateway Wallet deposit and settled later in a batch (no gas)
// Examples:
//   npm run pay -- http://localhost:3000/hub/pay --content essay-slow-software
//   npm run pay -- http://localhost:3000/hub/pay --content harbor-nights --rail gateway
import { BatchEvmScheme } from "@circle-fin/x402-batching/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { devAccount } from "./lib/dev-accounts.mjs";

function parseArgs(argv) {
  const out = { rail: "plain", max: "1000000" };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--content") out.content = argv[++i];
    else if (a === "--rail") out.rail = argv[++i];
    else if (a === "--key") out.key = argv[++i];
    else if (a === "--max") out.max = argv[++i];
    else if (a === "--body") out.body = argv[++i];
    else rest.push(a);
  }
  out.url = rest[0];
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (!args.url || !["plain", "gateway"].includes(args.rail)) {
  console.error("usage: npm run pay -- <url> [--content <contentId>] [--body '<json>'] [--rail plain|gateway] [--key 0x…] [--max <atomic units>]");
  process.exit(2);
}
const account = privateKeyToAccount(args.key ?? process.env.PAYER_KEY ?? devAccount(4).privateKey);
const body = args.body ?? (args.content ? JSON.stringify({ contentId: args.content }) : undefined);
const init = body
  ? { method: "POST", headers: { "content-type": "application/json" }, body }
  : { method: new URL(args.url).pathname.endsWith("/hub/pay") ? "POST" : "GET" };

// 1. Unpaid request: the 402 and its challenge (also tells the client which asset to allow).
const first = await fetch(args.url, init);
if (first.status !== 402) {
  console.log(`${first.status} without payment:`, await first.text());
  process.exit(first.ok ? 0 : 1);
}
const challenge = decodePaymentRequiredHeader(first.headers.get("payment-required"));
const option = challenge.accepts.find((a) => (args.rail === "gateway") === (a.extra?.name === "GatewayWalletBatched"));
if (!option) throw new Error(`the challenge offers no ${args.rail} option`);
console.log(`402: ${option.amount} atomic USDC to ${option.payTo} on ${option.network} (${args.rail}); paying as ${account.address}`);

// 2. The official client pays and retries (USDC on a custom chain is opted in with spend controls).
const client = new x402Client()
  .register(option.network, args.rail === "gateway" ? new BatchEvmScheme(account) : new ExactEvmScheme(account))
  .setSpendControls({ allowedAssets: [{ network: option.network, asset: option.asset, maxAmountPerPayment: args.max }] });
if (args.rail === "gateway") client.registerPolicy((_version, reqs) => reqs.filter((r) => r.extra?.name === "GatewayWalletBatched"));

const res = await wrapFetchWithPayment(fetch, client)(args.url, init);
const text = await res.text();
console.log(`${res.status}:`, text);
const settle = res.headers.get("payment-response");
if (settle) console.log("PAYMENT-RESPONSE:", decodePaymentResponseHeader(settle));
process.exit(res.ok ? 0 : 1);
