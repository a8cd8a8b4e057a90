"use client";

import { useSyncExternalStore } from "react";

// The wallet islands (WalletProviders) mounted on this page, in mount order. Holds no wallet code
// itself, so the header can ask it on every page: the first island also draws the header's wallet
// controls (through a portal), so a page has one wallet stack, not one per island.
let islands: number[] = [];
let next = 1;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => void listeners.delete(fn);
};

/** Called by a wallet island when it mounts; returns its id and the function that unregisters it. */
export function registerWalletIsland() {
  const id = next++;
  islands = [...islands, id];
  notify();
  return { id, unregister: () => { islands = islands.filter((x) => x !== id); notify(); } };
}

/** The island that draws the header's wallet controls (the first mounted), or null when there is none. */
export function useHeaderIsland() {
  return useSyncExternalStore(subscribe, () => islands[0] ?? null, () => null);
}

/** The id of the element in the header that the first island renders the wallet controls into. */
export const HEADER_WALLET_SLOT = "header-wallet-slot";
