import { describe, expect, it } from "vitest";
import { createTurnGate } from "./turn-gate";

/** A gate on a clock and a loop the test turns by hand: `turn()` runs what was scheduled for the next turn. */
function manual(budgetMs: number) {
  let clock = 0;
  let scheduled: Array<() => void> = [];
  const gate = createTurnGate({ budgetMs, now: () => clock, nextTurn: (fn) => void scheduled.push(fn) });
  const spend = (ms: number) => void (clock += ms);
  const turn = () => {
    const due = scheduled;
    scheduled = [];
    for (const fn of due) fn();
  };
  /** A turn that runs past four budgets while a new connection's first request arrives: the gate engages. */
  const engage = () => {
    expect(gate.admit(() => spend(5 * budgetMs), true)).toBe("now");
    turn();
  };
  /** How a request fares that arrives once this turn has spent more than its budget: it waits only while the gate is engaged. */
  const pastBudget = () => {
    expect(gate.admit(() => spend(budgetMs + 1))).toBe("now");
    return gate.admit(() => spend(1));
  };
  /** An engaged gate with 1,000 waiting requests of `cost()` ms each, measured for 20 turns: several start per turn. */
  const measuredQueue = (cost: () => number) => {
    engage();
    gate.admit(() => spend(budgetMs));
    const started: number[] = [];
    for (let i = 0; i < 1000; i++) gate.admit(() => (started.push(i), spend(cost())));
    for (let i = 0; i < 20; i++) turn();
    /** Runs a turn; returns how many waiting requests it started. */
    const count = () => {
      const before = started.length;
      turn();
      return started.length - before;
    };
    return count;
  };
  return { gate, spend, turn, engage, pastBudget, measuredQueue };
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

  it("starts every request at once while turns stay under four budgets, past the budget too", () => {
    const { gate, spend, turn } = manual(10);
    expect(gate.admit(() => spend(15))).toBe("now");
    expect(gate.admit(() => spend(15))).toBe("now"); // 15 ms into the turn: past the budget, not engaged
    turn(); // a 30 ms turn
    expect(gate.admit(() => spend(15))).toBe("now");
    expect(gate.admit(() => spend(15))).toBe("now");
    expect(gate.waiting).toBe(0);
  });

  it("once engaged: starts requests while the turn has budget, then the others in later turns, in arrival order", () => {
    const { gate, spend, turn, engage } = manual(10);
    engage();
    const started: string[] = [];
    expect(gate.admit(() => started.push("a"))).toBe("now");
    spend(4);
    expect(gate.admit(() => started.push("b"))).toBe("now"); // 4 ms into the turn
    spend(8);
    expect(gate.admit(() => started.push("c"))).toBe("queued"); // 12 ms: over budget
    expect(gate.admit(() => started.push("d"))).toBe("queued");
    expect(started).toEqual(["a", "b"]);
    expect(gate.waiting).toBe(2);

    turn(); // one (not yet measured cheap)
    expect(started).toEqual(["a", "b", "c"]);
    // A request that arrives while others wait queues behind them, even in a turn with budget left.
    expect(gate.admit(() => started.push("e"))).toBe("queued");
    turn();
    turn();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    expect(gate.waiting).toBe(0);

    // Nobody waits and the turns were short: the gate lets go (a long turn alone does not engage it again).
    turn();
    expect(gate.admit(() => spend(100))).toBe("now");
    expect(gate.admit(() => started.push("f"))).toBe("now");
    turn();
    engage();
    expect(gate.admit(() => spend(11))).toBe("now");
    expect(gate.admit(() => started.push("g"))).toBe("queued");
  });

  it("does not engage after a long turn on connections already open (a collection, a background step, a burst)", () => {
    const { gate, spend, turn, pastBudget } = manual(10);
    for (const requests of [1, 2, 20]) {
      for (let i = 0; i < requests; i++) expect(gate.admit(() => spend(200 / requests))).toBe("now");
      turn(); // 200 ms
      expect(pastBudget()).toBe("now"); // still not engaged
      turn();
    }
    expect(gate.waiting).toBe(0);
  });

  it("engages after a long turn that saw a new connection, or that followed a turn that saw one", () => {
    const { gate, spend, turn, pastBudget } = manual(10);
    // A new connection in a short turn, then a long turn: connections are arriving.
    expect(gate.admit(() => spend(1), true)).toBe("now");
    turn();
    expect(gate.admit(() => spend(50))).toBe("now");
    turn();
    expect(pastBudget()).toBe("queued");
    while (gate.waiting > 0) turn();
    turn(); // short, nobody waits: the gate lets go
    expect(pastBudget()).toBe("now");
    turn();
    // Two turns after the last new connection, a long turn does not engage it.
    expect(gate.admit(() => spend(50))).toBe("now");
    turn();
    expect(pastBudget()).toBe("now");
  });

  it("stays engaged while requests wait, even after a short turn, and lets go when they have all started", () => {
    const { gate, spend, turn, engage, pastBudget } = manual(10);
    engage();
    gate.admit(() => spend(10));
    for (let i = 0; i < 3; i++) expect(gate.admit(() => spend(1))).toBe("queued");
    turn(); // a short turn that started one of them
    expect(gate.waiting).toBeGreaterThan(0);
    expect(gate.admit(() => spend(1))).toBe("queued");
    while (gate.waiting > 0) turn();
    turn();
    expect(pastBudget()).toBe("now");
  });

  it("starts as many waiting requests per turn as their measured cost fits in the budget", () => {
    const { gate, spend, turn, engage } = manual(10);
    engage();
    gate.admit(() => spend(10)); // a turn that spends its budget
    const started: number[] = [];
    for (let i = 0; i < 200; i++) expect(gate.admit(() => (started.push(i), spend(1)))).toBe("queued");

    const perTurn: number[] = [];
    while (gate.waiting > 0) {
      const before = started.length;
      turn();
      perTurn.push(started.length - before);
    }
    // Unmeasured, one per turn; as 1 ms requests are measured, more per turn, never past 10 ms of them.
    expect(perTurn[0]).toBe(1);
    expect(Math.max(...perTurn)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(10);
    expect(started).toEqual(Array.from({ length: 200 }, (_, i) => i)); // in arrival order
  });

  it("starts one waiting request in the turn after one that ran past twice its budget", () => {
    let cost = 1;
    const count = manual(10).measuredQueue(() => cost);
    expect(count()).toBeGreaterThan(1);
    // This turn's requests cost 25 ms each, far more than measured: the next turn starts one.
    cost = 25;
    expect(count()).toBeGreaterThan(1);
    cost = 1;
    expect(count()).toBe(1);
  });

  it("a turn held by something slow counts as at most a budget in the cost: the count per turn recovers at once", () => {
    let cost = 1;
    const count = manual(10).measuredQueue(() => cost);
    cost = 200; // the next turn's requests hold it for 200 ms each (a collection, a heavy page)
    count();
    cost = 1;
    expect(count()).toBe(1); // after a turn past twice the budget, one
    expect(count()).toBeGreaterThan(1); // unbounded, the 200 ms samples would have kept it at one for turns
  });

  it("on Node's own loop: after a long turn, a request that arrives once the turn spent its budget starts in a later turn", async () => {
    const gate = createTurnGate({ budgetMs: 10 });
    const busy = (ms: number) => {
      const until = performance.now() + ms; // a request that holds the thread
      while (performance.now() < until);
    };
    gate.admit(() => busy(50), true); // a new connection's request, past four budgets: the gate engages
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const order: string[] = [];
    gate.admit(() => {
      order.push("first");
      busy(15);
    });
    expect(gate.admit(() => order.push("second"))).toBe("queued");
    order.push("turn ends");
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["first", "turn ends", "second"]);
  });
});
