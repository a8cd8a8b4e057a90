/**
 * Admission by event-loop turn. Normally every request starts at once. Once a turn of Node's event loop
 * has run past ENGAGE_AFTER × `budgetMs` while new connections were arriving (a connection's first
 * request in that turn or the one before), the gate engages: a request starts only while the current turn
 * has spent less than `budgetMs` and nobody waits; the others wait for later turns, first come first
 * served, and each later turn starts as many of them as their measured cost fits in the budget (one after
 * a turn that ran past twice the budget). Between two turns the loop accepts a connection and reads the
 * sockets. The gate lets go once nobody waits and turns are short again.
 *
 * Why: libuv accepts one new connection per turn of the loop (libuv/libuv#3696, Node 20 and later). On
 * SQLite a request's database work is synchronous under its promises, so a request runs to its answer
 * inside the callback that read it, and one turn that reads many requests runs all of them before the
 * loop looks at the listening socket again. On a saturated hub turns grew to 100–300 ms: 100 clients
 * connecting at once waited for a turn each, and dozens of them timed out after 10 s while the first
 * connections were served in a few hundred milliseconds (bench/README.md, session 40). With the gate
 * engaged, turns stay short, a new connection is accepted within about a budget's time, and requests
 * start in the order they arrived. Starting one waiting request per turn held the cheapest routes to
 * about one request per turn in most runs (the floor at 100 connections: 1,320–1,440 against 2,460–2,710 a
 * second), and a gate that was always on cost the paid unlock's p99 at 10 connections (session 41). A gate
 * engaged by any long turn (a collection, a background pass, a burst on open connections) cost a steady
 * load's p99 and helped nobody: no connection was waiting to be accepted (bench/README.md, sessions 41, 42).
 */
export type TurnGate = {
  /** Runs `start` now (short turns, or budget left in this one, and nobody waiting), else queues it for a later turn. */
  admit(start: () => void, newConnection?: boolean): "now" | "queued";
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
  // The current turn: when it began, how many requests it started, and whether one of them was a new
  // connection's first; null between turns.
  let turn: { began: number; started: number; newConnection: boolean } | null = null;
  // How long the last turn that saw a request ran, from its first request to its end.
  let lastTurnMs = 0;
  // Engaged: a turn ran long while new connections were arriving (more of them wait to be accepted).
  let engaged = false;
  // Whether the last turn that saw a request saw a new connection's first request.
  let connectionsArriving = false;
  // What one request costs its turn, everything included (its promises and the I/O read beside it): a
  // moving average of turn length ÷ requests started. It starts at the budget: one per turn until measured.
  let costMs = budgetMs;
  // Waiting requests; a startWaiting is scheduled exactly while this is not empty.
  const queue: Array<() => void> = [];

  // The turn begins with the first request the gate sees in it; the check phase that follows ends it.
  const currentTurn = () => {
    if (turn === null) {
      const thisTurn = { began: now(), started: 0, newConnection: false };
      turn = thisTurn;
      nextTurn(() => {
        lastTurnMs = now() - thisTurn.began;
        const long = lastTurnMs > ENGAGE_AFTER * budgetMs;
        // The loop accepts one connection a turn: a long turn while connections arrive leaves others
        // waiting. A long turn on connections already open (a collection, a background pass's step, a
        // burst of requests) keeps nobody from being accepted; waiting would only delay what follows it.
        const arriving = thisTurn.newConnection || connectionsArriving;
        connectionsArriving = thisTurn.newConnection;
        if (long && arriving) engaged = true;
        else if (!long && queue.length === 0) engaged = false;
        // A sample is at most a budget: one turn held by something else must not shrink the next turns' count for long.
        if (thisTurn.started > 0) costMs += (Math.min(budgetMs, lastTurnMs / thisTurn.started) - costMs) * COST_WEIGHT;
        if (turn === thisTurn) turn = null;
      });
    }
    return turn;
  };

  const startWaiting = () => {
    turn = null; // this callback begins a turn of its own
    const current = currentTurn();
    // Part of a turn's cost lands in later turns (the estimate runs low): after a long turn, one.
    const count = lastTurnMs > 2 * budgetMs ? 1 : Math.min(MAX_PER_TURN, Math.max(1, Math.floor(budgetMs / costMs)));
    const starts = queue.splice(0, count);
    // The rest wait for another turn, whatever these cost (their work may run after this callback).
    if (queue.length > 0) nextTurn(startWaiting);
    current.started += starts.length;
    for (const start of starts) start();
  };

  return {
    admit(start, newConnection = false) {
      if (budgetMs <= 0) {
        start();
        return "now";
      }
      const current = currentTurn();
      if (newConnection) current.newConnection = true;
      if (queue.length === 0 && (!engaged || now() - current.began < budgetMs)) {
        current.started++;
        start();
        return "now";
      }
      if (queue.push(start) === 1) nextTurn(startWaiting);
      return "queued";
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** The gate engages after a turn that ran past this many budgets while connections arrived. */
const ENGAGE_AFTER = 4;
/** Weight of the newest turn in the cost average. */
const COST_WEIGHT = 0.25;
/** At most this many waiting requests start in one turn, however cheap they were. */
const MAX_PER_TURN = 32;
