import { describe, expect, it } from "vitest";
import { createLockQueue } from "@/lib/cluster/lock-queue.mjs";

describe("the cluster primary's write lock queue", () => {
  it("grants one ticket at a time, in the order asked", () => {
    const lock = createLockQueue();
    const granted: string[] = [];
    lock.acquire("w1", "a", () => granted.push("a"));
    lock.acquire("w2", "b", () => granted.push("b"));
    lock.acquire("w1", "c", () => granted.push("c"));
    expect(granted).toEqual(["a"]);
    lock.release("w1", "a");
    expect(granted).toEqual(["a", "b"]);
    lock.release("w2", "b");
    expect(granted).toEqual(["a", "b", "c"]);
    lock.release("w1", "c");
    expect(lock.state()).toEqual({ holder: null, waiting: 0 });
  });

  it("ignores a release by a ticket that does not hold it, and withdraws a queued ticket", () => {
    const lock = createLockQueue();
    const granted: string[] = [];
    lock.acquire("w1", "a", () => granted.push("a"));
    lock.acquire("w2", "b", () => granted.push("b"));
    lock.acquire("w2", "c", () => granted.push("c"));
    lock.release("w2", "a"); // another owner's name for the holder's ticket
    expect(lock.state().holder).toEqual({ owner: "w1", ticket: "a" });
    lock.release("w2", "b"); // gave up waiting: withdrawn, never granted
    lock.release("w1", "a");
    expect(granted).toEqual(["a", "c"]);
  });

  it("frees the lock and the queue of an owner that is gone", () => {
    const lock = createLockQueue();
    const granted: string[] = [];
    lock.acquire("dead", "a", () => granted.push("a"));
    lock.acquire("dead", "b", () => granted.push("b"));
    lock.acquire("live", "c", () => granted.push("c"));
    lock.drop("dead");
    expect(granted).toEqual(["a", "c"]);
    expect(lock.state()).toEqual({ holder: { owner: "live", ticket: "c" }, waiting: 0 });
  });

  it("a grant released from within its own grant call lets the next ticket in", () => {
    const lock = createLockQueue();
    const granted: string[] = [];
    lock.acquire("w1", "a", () => granted.push("a"));
    lock.acquire("w2", "b", () => {
      granted.push("b");
      lock.release("w2", "b");
    });
    lock.acquire("w1", "c", () => granted.push("c"));
    lock.release("w1", "a");
    expect(granted).toEqual(["a", "b", "c"]);
    expect(lock.state()).toEqual({ holder: { owner: "w1", ticket: "c" }, waiting: 0 });
  });
});
