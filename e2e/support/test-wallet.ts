// EIP-1193 wallet for Playwright backed by a viem account in Node (adapted from shared/reference/testWallet.ts).
import type { Page } from "@playwright/test";
import { createWalletClient, defineChain, http, type Hex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

// anvil/hardhat default account #0 (public test key)
export const TEST_PK = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;

/** Methods that only read the chain: handed to the anvil RPC unchanged (when `rpcUrl` is given). */
const PASSTHROUGH = new Set([
  "eth_blockNumber", "eth_call", "eth_estimateGas", "eth_gasPrice", "eth_maxPriorityFeePerGas", "eth_feeHistory",
  "eth_getBalance", "eth_getBlockByNumber", "eth_getBlockByHash", "eth_getCode", "eth_getLogs", "eth_getTransactionByHash",
  "eth_getTransactionCount", "eth_getTransactionReceipt", "eth_getStorageAt",
]);
/** Methods a person approves in the wallet: the ones `rejectNext` refuses with 4001. */
const PROMPTS = new Set(["eth_requestAccounts", "personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "wallet_switchEthereumChain"]);

export type TestWallet = {
  account: PrivateKeyAccount;
  /** Every method the page asked for, in order. */
  calls: string[];
  /** Hashes of the transactions the wallet sent. */
  sent: Hex[];
  /** The next prompt (signature, transaction, connection, chain switch) is refused as a person would: code 4001. */
  rejectNext(): void;
  /** Pretend the wallet is on another chain (the page should offer to switch). */
  setChainId(id: number): void;
};

/**
 * Installs an EIP-1193 provider (window.ethereum + EIP-6963 announce) backed by a viem local account
 * in Node. With `rpcUrl` it also sends transactions (signed in Node, broadcast to that RPC) and
 * passes chain reads through, so a page can pay on chain exactly as with a browser extension.
 */
export async function installTestWallet(
  page: Page,
  opts: { pk?: Hex; account?: PrivateKeyAccount; chainId?: number; authorized?: boolean; eip6963?: boolean; rpcUrl?: string } = {},
): Promise<TestWallet> {
  const account = opts.account ?? privateKeyToAccount(opts.pk ?? TEST_PK);
  let chainId = opts.chainId ?? 31337;
  const calls: string[] = [];
  const sent: Hex[] = [];
  let rejectNext = false;
  let authorized = opts.authorized ?? false; // like MetaMask before the user approves the site

  const rpc = async (method: string, params: unknown[] = []) => {
    if (!opts.rpcUrl) throw Object.assign(new Error(`test wallet: ${method} needs rpcUrl`), { code: 4200 });
    const res = await fetch(opts.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
    return body.result;
  };

  await page.exposeFunction("__testWalletRequest", async ({ method, params }: { method: string; params?: any[] }) => {
    calls.push(method);
    if (rejectNext && PROMPTS.has(method)) {
      rejectNext = false;
      return { error: { code: 4001, message: "User rejected the request." } };
    }
    try {
      return { result: await handle(method, params ?? []) };
    } catch (e: any) {
      return { error: { code: typeof e?.code === "number" ? e.code : -32603, message: e?.shortMessage ?? e?.message ?? String(e), data: e?.data } };
    }
  });

  async function handle(method: string, params: any[]): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
        authorized = true;
        return [account.address];
      case "eth_accounts":
        return authorized ? [account.address] : [];
      case "eth_chainId":
        return "0x" + chainId.toString(16);
      case "net_version":
        return String(chainId);
      case "wallet_switchEthereumChain":
        chainId = parseInt(params[0].chainId, 16);
        await page.evaluate((id) => (window as any).__testWalletEmit?.("chainChanged", id), "0x" + chainId.toString(16)).catch(() => {});
        return null;
      case "wallet_requestPermissions":
        authorized = true;
        return [{ parentCapability: "eth_accounts" }];
      case "wallet_getPermissions":
        return [{ parentCapability: "eth_accounts" }];
      case "personal_sign":
        return account.signMessage({ message: { raw: params[0] as Hex } });
      case "eth_signTypedData_v4": {
        const td = typeof params[1] === "string" ? JSON.parse(params[1]) : params[1];
        const { EIP712Domain: _eip712Domain, ...types } = td.types;
        return account.signTypedData({ domain: td.domain, types, primaryType: td.primaryType, message: td.message });
      }
      case "eth_sendTransaction": {
        if (!opts.rpcUrl) throw Object.assign(new Error("test wallet: eth_sendTransaction needs rpcUrl"), { code: 4200 });
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
        const chain = defineChain({ id: chainId, name: "test", nativeCurrency: { name: "USDC", symbol: "USDC", decimals: 18 }, rpcUrls: { default: { http: [opts.rpcUrl] } } });
        const client = createWalletClient({ account, chain, transport: http(opts.rpcUrl) });
        const hash = await client.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : undefined, gas: tx.gas ? BigInt(tx.gas) : undefined });
        sent.push(hash);
        return hash;
      }
      default:
        if (PASSTHROUGH.has(method)) return rpc(method, params);
        throw Object.assign(new Error(`test wallet: unsupported method ${method}`), { code: 4200 });
    }
  }

  await page.addInitScript((eip6963: boolean) => {
    const listeners: Record<string, Set<(...a: unknown[]) => void>> = {};
    const provider = {
      isTestWallet: true,
      request: async (args: { method: string; params?: unknown[] }) => {
        const answer = await (window as any).__testWalletRequest(args);
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code, data: answer.error.data });
        return answer.result;
      },
      on(ev: string, fn: (...a: unknown[]) => void) { (listeners[ev] ??= new Set()).add(fn); return provider; },
      removeListener(ev: string, fn: (...a: unknown[]) => void) { listeners[ev]?.delete(fn); return provider; },
    };
    (window as any).__testWalletEmit = (ev: string, value: unknown) => listeners[ev]?.forEach((fn) => fn(value));
    (window as any).ethereum = provider;
    const info = { uuid: "00000000-0000-4000-8000-000000000001", name: "Test Wallet", rdns: "dev.hub.testwallet",
      icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='32' height='32'/%3E" };
    const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
    if (!eip6963) return;
    window.addEventListener("eip6963:requestProvider", announce);
    announce();
  }, opts.eip6963 ?? true);

  return {
    account,
    calls,
    sent,
    rejectNext() { rejectNext = true; },
    setChainId(id: number) {
      chainId = id;
      void page.evaluate((hex) => (window as any).__testWalletEmit?.("chainChanged", hex), "0x" + id.toString(16)).catch(() => {});
    },
  };
}

/** Waits until the page's React tree is live (the header's wallet bar renders only after mount). */
export async function hydrated(page: Page) {
  await page.locator(".wallet-bar:not([aria-busy])").first().waitFor();
}

/**
 * Connects the injected test wallet through RainbowKit's modal from a NetworkGuard's "Connect wallet"
 * button, and waits until the page shows the connected state (tried again if the modal was opened
 * before RainbowKit was ready on a loaded machine, reusing or closing a modal an earlier try left open).
 * A page without a guard counts as connected: wait for the part that holds the guard first when it
 * renders late (after a fetch), or this returns before there is anything to connect.
 */
export async function connectWallet(page: Page, { header = true }: { header?: boolean } = {}) {
  // Blog pages have no hub header to wait for: the guard alone says when the page is live.
  if (header) await hydrated(page);
  const guard = page.locator('[data-guard="connect"]');
  const { expect } = await import("@playwright/test");
  const modal = page.locator('[data-rk][role="dialog"]');
  await expect(async () => {
    if ((await guard.count()) > 0) {
      // A modal left open by an earlier try covers the button: use it rather than click through it.
      if ((await modal.count()) === 0) await page.getByRole("button", { name: "Connect wallet", exact: true }).click({ timeout: 5_000 });
      try {
        await page.getByText("Test Wallet").click({ timeout: 5_000 });
      } catch (err) {
        // Opened before the wallet was listed: close it, so the next try opens it afresh.
        await page.keyboard.press("Escape");
        throw err;
      }
    }
    await expect(guard).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
