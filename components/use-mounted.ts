"use client";

import { useSyncExternalStore } from "react";

const noopSubscribe = () => () => {};

/** Wallet state differs between server and browser: render it only after mount (React error #418 otherwise). */
export function useMounted() {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}
