/**
 * Admission by event-loop turn: once the current turn of Node's event loop has spent `budgetMs` on
 * requests, a new request waits for a later turn, first come first served; one waiting request starts
 * per turn (each turn is free to accept a connection and read the sockets in between).
 *
 * Why: libuv accepts one new connection per turn of the loop (libuv/libuv#3696, Node 20 and later). On
 * SQLite a request's database work is synchronous under its promises, so a request runs to its answer
 * inside the callback that read it, and one turn that reads many requests runs all of them before the
 * loop looks at the listening socket again. On a saturated hub turns grew to 100–300 ms: 100 clients
 * connecting at once waited for a turn each, and dozens of them timed out after 10 s while the first
 * connections were served in a few hundred milliseconds (bench/README.md, session 40). With a budget,
 * turns stay short, a new connection is accepted within about one request's time, and requests start
 * in the order they arrived.
 */
export type TurnGate = {
  /** Runs `start` now if this turn has budget left and nobody is waiting, else queues it for a later turn. */
  admit(start: () => void): "now" | "queued";
  /** Requests waiting for a turn. */
  readonly waiting: number;
};

export function createTurnGate({
  budgetMs,
  now = () => performance.now(),
  nextTurn = (fn: () => void) => void setImmediate(fn),
}: {
  budgetMs: number;
  now?: () => number;
  /** Schedules `fn` for a later turn of the loop (setImmediate: after this turn's I/O). */
  nextTurn?: (fn: () => void) => void;
}): TurnGate {
  let turnStart: number | null = null;
  // Waiting requests; a startOne is scheduled exactly while this is not empty.
  const queue: Array<() => void> = [];

  // The turn begins with the first request the gate sees in it; the check phase that follows ends it.
  const turnBegan = (): number => {
    if (turnStart === null) {
      turnStart = now();
      nextTurn(() => {
        turnStart = null;
      });
    }
    return turnStart;
  };

  const startOne = () => {
    turnStart = null; // this callback begins a turn of its own
    turnBegan();
    const start = queue.shift();
    // The next one waits for another turn, whatever this one costs (its work may run after this callback).
    if (queue.length > 0) nextTurn(startOne);
    start?.();
  };

  return {
    admit(start) {
      if (budgetMs <= 0 || (queue.length === 0 && now() - turnBegan() < budgetMs)) {
        start();
        return "now";
      }
      if (queue.push(start) === 1) nextTurn(startOne);
      return "queued";
    },
    get waiting() {
      return queue.length;
    },
  };
}
