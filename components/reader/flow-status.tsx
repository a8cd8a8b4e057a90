"use client";

import type { FailureKind } from "./wallet-error";

/** Where a wallet flow is: every step has its own words, and a screen reader hears each change. */
export type FlowState =
  | { step: "idle" }
  | { step: "working"; text: string }
  | { step: "waiting-signature"; text: string }
  | { step: "settling"; text: string }
  | { step: "settled"; text: string }
  | { step: "failed"; kind: FailureKind; text: string };

export function FlowStatus({ state, id }: { state: FlowState; id?: string }) {
  const text = state.step === "idle" ? "" : state.text;
  const kind = state.step === "failed" ? state.kind : undefined;
  return (
    <p id={id} className={`flow-status flow-${state.step}${kind ? ` flow-${kind}` : ""}`} role="status" aria-live="polite" data-step={state.step} data-kind={kind}>
      {state.step === "waiting-signature" && <span className="flow-spinner" aria-hidden="true" />}
      {text}
    </p>
  );
}
