// EIP-1193 wallet for Playwright backed by a viem account in Node (adapted from shared/reference/testWallet.ts).
import type { Page } from "@playwright/test";
import { privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";

// anvil/hardhat default account #0 (public test key)
export const TEST_PK = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;

/** Installs an EIP-1193 provider (window.ethereum + EIP-6963 announce) backed by a viem local account in Node. */
export async function installTestWallet(page: Page, opts: { pk?: Hex; chainId?: number; authorized?: boolean; eip6963?: boolean } = {}) {
  const account = privateKeyToAccount(opts.pk ?? TEST_PK);
  let chainId = opts.chainId ?? 31337;
  const calls: string[] = [];
  let authorized = opts.authorized ?? false; // like MetaMask before the user approves the site

  await page.exposeFunction("__testWalletRequest", async ({ method, params }: { method: string; params?: any[] }) => {
    calls.push(method);
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
        chainId = parseInt(params![0].chainId, 16);
        return null;
      case "wallet_requestPermissions":
        authorized = true;
        return [{ parentCapability: "eth_accounts" }];
      case "wallet_getPermissions":
        return [{ parentCapability: "eth_accounts" }];
      case "personal_sign":
        return account.signMessage({ message: { raw: params![0] as Hex } });
      case "eth_signTypedData_v4": {
        const td = typeof params![1] === "string" ? JSON.parse(params![1]) : params![1];
        const { EIP712Domain: _eip712Domain, ...types } = td.types;
        return account.signTypedData({ domain: td.domain, types, primaryType: td.primaryType, message: td.message });
      }
      default:
        throw Object.assign(new Error(`test wallet: unsupported method ${method}`), { code: 4200 });
    }
  });

  await page.addInitScript((eip6963: boolean) => {
    const listeners: Record<string, Set<(...a: unknown[]) => void>> = {};
    const provider = {
      isTestWallet: true,
      request: async (args: { method: string; params?: unknown[] }) => {
        try {
          return await (window as any).__testWalletRequest(args);
        } catch (e: any) {
          throw Object.assign(new Error(e?.message ?? String(e)), { code: 4200 });
        }
      },
      on(ev: string, fn: (...a: unknown[]) => void) { (listeners[ev] ??= new Set()).add(fn); return provider; },
      removeListener(ev: string, fn: (...a: unknown[]) => void) { listeners[ev]?.delete(fn); return provider; },
    };
    (window as any).ethereum = provider;
    const info = { uuid: "00000000-0000-4000-8000-000000000001", name: "Test Wallet", rdns: "dev.hub.testwallet",
      icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='32' height='32'/%3E" };
    const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
    if (!eip6963) return;
    window.addEventListener("eip6963:requestProvider", announce);
    announce();
  }, opts.eip6963 ?? true);

  return { account, calls };
}
