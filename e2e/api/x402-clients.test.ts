// The official x402 clients pay the hub unchanged: @x402/fetch with ExactEvmScheme (plain EIP-3009
// option, settled at once by the hub's relayer) and with Circle's BatchEvmScheme (Gateway option,
// locked, then settled by the batch settler), plus Circle's own GatewayClient.pay.
import { BatchEvmScheme, GatewayClient } from "@circle-fin/x402-batching/client";
import type { SchemeNetworkClient } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { HUB_URL } from "../support/hub";
import { freshPayer, gatewayAvailable, hubDb, NETWORK, RPC_URL, settled, usdc, USDC, usdcBalance } from "../support/x402";

const CONTENT = { contentId: "liner-notes" }; // seeded, 0.01 USDC, paid to creator anvil #8
const spend = { allowedAssets: [{ network: NETWORK, asset: USDC, maxAmountPerPayment: "1000000" }] };

async function creatorOf(contentId: string) {
  const c = await hubDb().content.findFirstOrThrow({ where: { externalId: contentId } });
  return c.recipientWallet as `0x${string}`;
}

function post(fetcher: typeof fetch, body: unknown) {
  return fetcher(`${HUB_URL}/hub/pay`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("official x402 clients", () => {
  it("@x402/fetch + ExactEvmScheme pays the plain option; USDC moves before the 200", async () => {
    const payer = await freshPayer({ wallet: "1" });
    const creator = await creatorOf(CONTENT.contentId);
    const before = await usdcBalance(creator);
    const client = new x402Client().register(NETWORK, new ExactEvmScheme(payer)).setSpendControls(spend);
    const res = await post(wrapFetchWithPayment(fetch, client), CONTENT);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      payment: { rail: "eip3009", status: "settled", paymentProvider: "x402-eip3009", amount: 0.01, revenue: 0.01, protocolFee: 0, payer: payer.address, recipient: creator, network: "testnet", chainId: NETWORK, verified: true, currency: "USDC" },
    });
    expect(body.payment.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const settle = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    expect(settle).toMatchObject({ success: true, transaction: body.payment.txHash, network: NETWORK, payer: payer.address });
    expect(await usdcBalance(creator)).toBe(before + usdc("0.01"));
    expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
  });

  it("@x402/fetch + Circle BatchEvmScheme pays the Gateway option; the batch settles it on chain", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const creator = await creatorOf(CONTENT.contentId);
    const before = await usdcBalance(creator);
    // Circle's scheme signs only its own option; a policy (the x402Client's documented hook) picks it.
    const client = new x402Client()
      // The cast is for the compiler only: Circle's package is typed against an older @x402/core.
      .register(NETWORK, new BatchEvmScheme(payer) as unknown as SchemeNetworkClient)
      .registerPolicy((_v, reqs) => reqs.filter((r) => r.extra?.name === "GatewayWalletBatched"))
      .setSpendControls(spend);
    const res = await post(wrapFetchWithPayment(fetch, client), CONTENT);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.payment).toMatchObject({ rail: "gateway", status: "locked", paymentProvider: "x402-gateway", amount: 0.01, payer: payer.address, txHash: null });
    expect(decodePaymentResponseHeader(res.headers.get("payment-response")!)).toMatchObject({ success: true, transaction: body.payment.paymentId });

    const row = await settled(body.payment.paymentId);
    expect(row.receipt?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcBalance(creator)).toBe(before + usdc("0.01"));
    expect(await gatewayAvailable(payer.address)).toBe(usdc("0.99"));
  });

  it("Circle's GatewayClient.pay finds the Gateway option by itself", async () => {
    const payer = await freshPayer({ deposit: "1" });
    const gateway = new GatewayClient({ chain: "arcTestnet", privateKey: payer.privateKey, rpcUrl: RPC_URL });
    const paid = await gateway.pay(`${HUB_URL}/hub/pay`, { method: "POST", body: CONTENT });
    expect(paid.status).toBe(200);
    expect(paid.amount).toBe(10_000n);
    const data = paid.data as { payment: { paymentId: string; rail: string } };
    expect(data.payment.rail).toBe("gateway");
    await settled(data.payment.paymentId);
    expect(await gatewayAvailable(payer.address)).toBe(usdc("0.99"));
  });

  it.each(["plain", "gateway"])("npm run pay (scripts/pay.mjs) pays with the %s option from the command line", async (rail) => {
    const payer = await freshPayer({ wallet: "1", deposit: "1" });
    const script = path.resolve(import.meta.dirname, "../../scripts/pay.mjs");
    const { stdout } = await promisify(execFile)(process.execPath, [script, `${HUB_URL}/hub/pay`, "--content", CONTENT.contentId, "--rail", rail, "--key", payer.privateKey]);
    expect(stdout).toMatch(/^402: 10000 atomic USDC/m);
    expect(stdout).toMatch(/^200: \{"success":true/m);
    expect(stdout).toContain("PAYMENT-RESPONSE");
    if (rail === "plain") expect(await usdcBalance(payer.address)).toBe(usdc("0.99"));
    else expect(JSON.parse(stdout.match(/^200: (.*)$/m)![1]!).payment.rail).toBe("gateway");
  });
});
