import { describe, expect, it } from "vitest";
import { createTurnGate } from "./turn-gate";

/** A gate on a clock and a loop the test turns by hand: `turn()` runs what was scheduled for the next turn. */
function manual(budgetMs: number) {
  let clock = 0;
  let scheduled: Array<() => void> = [];
  const gate = createTurnGate({ budgetMs, now: () => clock, nextTurn: (fn) => void scheduled.push(fn) });
  return {
    gate,
    spend: (ms: number) => void (clock += ms),
    turn: () => {
      const due = scheduled;
      scheduled = [];
      for (const fn of due) fn();
    },
  };
}

describe("turn gate", () => {
  it("starts every request at once when the budget is 0", () => {
    const { gate, spend } = manual(0);
    const started: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(gate.admit(() => started.push(i))).toBe("now");
      spend(50);
    }
    expect(started).toEqual([0, 1, 2]);
  });

  it("starts requests while the turn has budget, then one waiting request per later turn, in arrival order", () => {
    const { gate, spend, turn } = manual(10);
    const started: string[] = [];
    expect(gate.admit(() => started.push("a"))).toBe("now");
    spend(4);
    expect(gate.admit(() => started.push("b"))).toBe("now"); // 4 ms into the turn
    spend(8);
    expect(gate.admit(() => started.push("c"))).toBe("queued"); // 12 ms: over budget
    expect(gate.admit(() => started.push("d"))).toBe("queued");
    expect(started).toEqual(["a", "b"]);
    expect(gate.waiting).toBe(2);

    turn();
    expect(started).toEqual(["a", "b", "c"]);
    // A request that arrives while others wait queues behind them, even in a turn with budget left.
    expect(gate.admit(() => started.push("e"))).toBe("queued");
    turn();
    expect(started).toEqual(["a", "b", "c", "d"]);
    turn();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    expect(gate.waiting).toBe(0);

    // The queue is empty and a new turn begins: requests start at once again.
    turn();
    spend(100);
    expect(gate.admit(() => started.push("f"))).toBe("now");
    expect(started.at(-1)).toBe("f");
  });

  it("on Node's own loop: a request that arrives after the turn spent its budget starts in a later turn", async () => {
    const gate = createTurnGate({ budgetMs: 10 });
    const order: string[] = [];
    gate.admit(() => {
      order.push("first");
      const until = performance.now() + 15; // a request that holds the thread past the budget
      while (performance.now() < until);
    });
    expect(gate.admit(() => order.push("second"))).toBe("queued");
    order.push("turn ends");
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["first", "turn ends", "second"]);
  });
});
