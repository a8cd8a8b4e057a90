"use client";

// The demo wallets of a local hub, as entries of RainbowKit's wallet list. Loaded (by a dynamic
// import in providers.tsx) only when the server names demo accounts, which it does only for a
// testnet hub on a loopback anvil chain: anywhere else this module is never fetched.
//
// Each entry is an EIP-1193 provider that answers account, chain and permission requests itself
// and forwards everything else, signatures and transactions included, to the local chain's RPC:
// anvil holds its development accounts unlocked and signs for them. Their keys are public.
import type { Wallet, WalletList } from "@rainbow-me/rainbowkit";
import { createConnector } from "wagmi";
import { injected } from "wagmi/connectors";
import type { ChainConfig, DemoAccountConfig } from "./chain-config";

export const DEMO_GROUP = "Demo wallets (local chain, public keys)";

type Listener = (...args: unknown[]) => void;

class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

/** An EIP-1193 provider for one anvil account. */
export function demoProvider(account: DemoAccountConfig, chain: ChainConfig) {
  const listeners = new Map<string, Set<Listener>>();
  const chainIdHex = `0x${chain.chainId.toString(16)}`;
  // Remembered in this browser, so a reload reconnects (wagmi asks eth_accounts) as with any wallet.
  const remembered = `svc.demo-wallet.${account.address.toLowerCase()}`;
  const store = typeof window === "undefined" ? null : window.localStorage;
  let connected = store?.getItem(remembered) === "1";
  let rpcId = 0;
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args));

  async function rpc(method: string, params: unknown) {
    const res = await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params: params ?? [] }) });
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw new RpcError(body.error.code, body.error.message);
    return body.result;
  }

  async function connect() {
    const unlocked = (await rpc("eth_accounts", [])) as string[];
    if (!unlocked.some((a) => a.toLowerCase() === account.address.toLowerCase())) {
      throw new RpcError(4100, `${account.label}: the local chain at ${chain.rpcUrl} does not hold this demo account (is it anvil with its default accounts?)`);
    }
    connected = true;
    store?.setItem(remembered, "1");
    emit("connect", { chainId: chainIdHex });
    return [account.address];
  }

  return {
    isDemoWallet: true,
    on(event: string, l: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(l);
    },
    removeListener(event: string, l: Listener) {
      listeners.get(event)?.delete(l);
    },
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case "eth_requestAccounts":
          return connect();
        case "eth_accounts":
          return connected ? [account.address] : [];
        case "eth_chainId":
          return chainIdHex;
        case "net_version":
          return String(chain.chainId);
        case "wallet_requestPermissions":
          await connect();
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_getPermissions":
          return connected ? [{ parentCapability: "eth_accounts" }] : [];
        case "wallet_revokePermissions":
          connected = false;
          store?.removeItem(remembered);
          emit("accountsChanged", []);
          return null;
        case "wallet_switchEthereumChain": {
          const wanted = (params as [{ chainId: string }] | undefined)?.[0]?.chainId;
          if (wanted && Number(wanted) !== chain.chainId) throw new RpcError(4902, `${account.label} only knows the local chain ${chain.chainId}`);
          return null;
        }
        case "wallet_addEthereumChain":
        case "wallet_watchAsset":
          return null;
        default:
          if (!connected && /^(personal_sign|eth_sign|eth_signTypedData|eth_sendTransaction)/.test(method)) throw new RpcError(4100, "Connect the demo wallet first");
          return rpc(method, params);
      }
    },
  };
}

const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#0f766e"/><path d="M6 19q4-5 8 0t8 0" stroke="#fff" stroke-width="2.4" fill="none" stroke-linecap="round"/><circle cx="14" cy="10" r="3.2" fill="#fde68a"/></svg>')}`;

function demoWallet(account: DemoAccountConfig, chain: ChainConfig): Wallet {
  const id = `demo-${account.address.slice(2, 10).toLowerCase()}`;
  const provider = demoProvider(account, chain);
  return {
    id,
    name: `${account.label} (public test key)`,
    shortName: account.label,
    iconUrl: ICON,
    iconBackground: "#0f766e",
    installed: true,
    createConnector: (walletDetails) =>
      createConnector((config) => ({
        ...injected({ target: () => ({ id, name: account.label, provider: provider as never }) })(config),
        ...walletDetails,
      })),
  };
}

/** The RainbowKit group listing the demo wallets. */
export function demoWalletGroup(chain: ChainConfig): WalletList[number] {
  return { groupName: DEMO_GROUP, wallets: (chain.demoAccounts ?? []).map((a) => () => demoWallet(a, chain)) };
}
