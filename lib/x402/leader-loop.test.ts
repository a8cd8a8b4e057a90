import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startLeaderLoop } from "./leader-loop";

// The loop's timing on fake timers: a pass every interval, and the next at once after a pass that
// left work waiting (the settler at its cap of batches, lib/x402/settle-gateway-batch.ts).
/** Moves the clock by `ms`, then lets the passes' promises settle and any timer they set for now run. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

/** A loop of interval 1 s whose passes record when they ran (ms since it started) and answer `answer()`. */
function recordedLoop(answer: () => unknown) {
  const at: number[] = [];
  const start = Date.now();
  const loop = startLeaderLoop({
    name: `test-${Math.random()}`,
    interval: 1_000,
    pass: async () => {
      at.push(Date.now() - start);
      return answer();
    },
    onStop: async () => {},
  });
  return { at, loop };
}

describe("startLeaderLoop", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs a pass every interval, and the next at once after a pass that says more waits", async () => {
    const answers: unknown[] = [{ more: true }, { more: true }, { more: false }, undefined, { more: "yes" }];
    const { at, loop } = recordedLoop(() => answers.shift());
    await advance(999);
    expect(at).toEqual([]);
    // Three passes at 1 s (a timer of 0 ms fires a millisecond later, as Node's does): the first two left more waiting.
    await advance(10);
    expect(at).toEqual([1_000, 1_001, 1_002]);
    // Then the interval again, counted from the third pass's end.
    await advance(1_000);
    expect(at).toEqual([1_000, 1_001, 1_002, 2_002]);
    // Nothing but `more: true` counts: a truthy string waits for the interval as before.
    await advance(1_000);
    expect(at).toEqual([1_000, 1_001, 1_002, 2_002, 3_002]);
    await advance(1_000);
    expect(at).toHaveLength(6);
    await loop.stop();
    await advance(5_000);
    expect(at).toHaveLength(6);
  });

  it("waits the interval after a failed pass, whatever it was", async () => {
    const { at, loop } = recordedLoop(() => {
      throw Object.assign(new Error("boom"), { more: true });
    });
    await advance(2_000);
    expect(at).toEqual([1_000, 2_000]);
    await loop.stop();
  });
});
