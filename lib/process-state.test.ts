import { describe, expect, it } from "vitest";
import { processState } from "./process-state";

describe("processState", () => {
  it("makes one value per name, shared by every getter of that name (each bundle has its own)", () => {
    let made = 0;
    const name = `test-${Math.random()}`;
    const one = processState(name, () => ({ n: ++made }));
    const two = processState(name, () => ({ n: ++made }));
    expect(two()).toBe(one());
    expect(one()).toBe(one());
    expect(made).toBe(1);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for(`paid-content-hub.${name}`)]).toBe(one());
  });
});
