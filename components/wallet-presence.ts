"use client";

import { useSyncExternalStore } from "react";

// How many wallet islands (WalletProviders) are mounted on this page. Holds no wallet code itself, so
// the header can ask it on every page and switch to its wallet controls only where a page has them.
let mounted = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());

/** Called by WalletProviders while it is mounted; returns the unregister function. */
export function registerWalletIsland() {
  mounted++;
  notify();
  return () => {
    mounted--;
    notify();
  };
}

/** True while any wallet island is mounted on the page. */
export function useWalletOnPage() {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => mounted > 0,
    () => false,
  );
}
