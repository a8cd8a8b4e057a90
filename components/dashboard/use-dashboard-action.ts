"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/**
 * The dashboard's buttons that call the API: one at a time (`busy`), the API's error shown as a
 * sentence (`error`), and the server-rendered page refreshed after a success so lists show the change.
 */
export function useDashboardAction({ refresh = true }: { refresh?: boolean } = {}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(call: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await call();
      if (refresh) router.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(false);
  }
  return { busy, error, act, refresh: () => router.refresh() };
}
