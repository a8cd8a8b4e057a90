import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { metrics } from "./metrics";

setFlagsFromString("--expose-gc");
const fullCollection = runInNewContext("gc") as () => void;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50)); // the gc observer is told after the collection

describe("hub_nodejs_heap_live_bytes", () => {
  it("is the heap in use after the last full collection: what is still held, not the garbage", async () => {
    const gauge = metrics().heapLive; // made now, so it watches the collections below
    const live = async () => (await gauge.get()).values[0]!.value;
    let held: Array<{ i: number; s: string }> | null = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `item ${i}` }));
    fullCollection();
    await settle();
    const holding = await live();
    expect(held.length).toBe(200_000);
    held = null;
    fullCollection();
    await settle();
    const released = await live();
    expect(released).toBeGreaterThan(1e6);
    expect(holding - released).toBeGreaterThan(5e6); // 200,000 small objects and their strings
    // Garbage made since the last full collection does not count until the next one.
    const garbage = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `item ${i}` }));
    expect(garbage.length).toBe(200_000);
    expect(await live()).toBe(released);
  });
});
