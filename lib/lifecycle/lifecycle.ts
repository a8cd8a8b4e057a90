import { processState } from "@/lib/process-state";

type State = {
  draining: boolean;
  inFlight: number;
  idleWaiters: Array<() => void>;
  onDrain: Array<() => Promise<void> | void>;
  drained?: Promise<void>;
  /** Background parts this instance starts (the settler): absent until started. */
  parts: Record<string, PartState>;
};

/** A background part's state: running, or turned off by configuration (both count as ready). */
export type PartState = "running" | "off";

const state = processState("lifecycle-state", (): State => ({ draining: false, inFlight: 0, idleWaiters: [], onDrain: [], parts: {} }));

/**
 * This instance's life: requests in flight (each one, so payments being recorded among them) and
 * the graceful stop. `drain()` refuses new work from then on, waits until every request in flight
 * has answered, then runs the drain steps (stop the settler, give up its lease) in order. Shared
 * through globalThis: server.mjs calls it outside Next's bundles.
 */
export function lifecycle(): Lifecycle {
  // Made once, not per call: every request asks for it twice, and an object literal's getters are
  // defined at run time each time it is made (a class's are not; lib/json-template.ts Filled). The
  // state is the process's one (processState), so one facade serves every call of this bundle.
  return (facade ??= lifecycleOf(state()));
}

export type Lifecycle = ReturnType<typeof lifecycleOf>;
let facade: Lifecycle | undefined;

function lifecycleOf(s: State) {
  return {
    get draining() {
      return s.draining;
    },
    get inFlight() {
      return s.inFlight;
    },
    /** A background part's state, undefined until it has started (readiness waits for it). */
    part(name: string): PartState | undefined {
      return s.parts[name];
    },
    setPart(name: string, value: PartState) {
      s.parts[name] = value;
    },
    /** Counts a unit of work in; returns the function that counts it out (idempotent). */
    begin(): () => void {
      s.inFlight++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        s.inFlight--;
        if (s.inFlight === 0) for (const wake of s.idleWaiters.splice(0)) wake();
      };
    },
    /** A step for drain() after the requests in flight have finished (e.g. stop the settler). */
    onDrain(step: () => Promise<void> | void) {
      s.onDrain.push(step);
    },
    drain(): Promise<void> {
      s.draining = true;
      s.drained ??= (async () => {
        if (s.inFlight > 0) await new Promise<void>((resolve) => s.idleWaiters.push(resolve));
        for (const step of s.onDrain) await step();
      })();
      return s.drained;
    },
  };
}
