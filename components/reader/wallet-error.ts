// One reading of wallet and hub failures for every reader flow, so each step says the same thing.
export type FailureKind = "rejected" | "insufficient" | "wrong-network" | "hub" | "other";

export type Failure = { kind: FailureKind; message: string };

/** A person's "no" in the wallet (EIP-1193 code 4001, or viem's UserRejectedRequestError). */
export function isUserRejection(err: unknown): boolean {
  let e = err as { code?: number; name?: string; cause?: unknown; shortMessage?: string; message?: string } | undefined;
  for (let depth = 0; e && depth < 6; depth++) {
    if (e.code === 4001 || e.name === "UserRejectedRequestError") return true;
    if (/user (rejected|denied)/i.test(e.shortMessage ?? e.message ?? "")) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function describeFailure(err: unknown): Failure {
  if (isUserRejection(err)) return { kind: "rejected", message: "You rejected the request in your wallet. Nothing was charged; you can try again." };
  const e = err as { shortMessage?: string; message?: string; kind?: FailureKind };
  if (e?.kind) return { kind: e.kind, message: e.message ?? "" };
  const text = e?.shortMessage ?? e?.message ?? String(err);
  if (/insufficient|exceeds balance|InsufficientBalance/i.test(text)) return { kind: "insufficient", message: `Insufficient funds: ${text}` };
  if (/chain mismatch|does not match the target chain/i.test(text)) return { kind: "wrong-network", message: "Your wallet is on another network. Switch networks and try again." };
  return { kind: "other", message: text };
}

/** An error with a failure kind, thrown by the flows' own checks (e.g. a balance read before asking the wallet). */
export function failure(kind: FailureKind, message: string): Error & { kind: FailureKind } {
  return Object.assign(new Error(message), { kind });
}

/** The hub's `{error, details}` body as a readable failure. */
export async function hubFailure(res: Response): Promise<Error & { kind: FailureKind }> {
  const body = (await res.json().catch(() => ({}))) as { error?: string; details?: string; code?: string };
  const text = body.details || body.error || `HTTP ${res.status}`;
  return failure(/insufficient|unfunded|deposit/i.test(text) ? "insufficient" : "hub", text);
}
