// The cluster primary's side of the workers' SQLite write lock (lib/cluster/write-lock.ts; docs/workers.md):
// one holder at a time, granted in the order asked. A ticket names one acquisition of one worker (its owner).

/**
 * A FIFO lock of tickets. `acquire(owner, ticket, grant)` calls `grant()` when the ticket holds the lock
 * (at once when it is free); `release(owner, ticket)` lets go of a held ticket or withdraws a queued one
 * (a worker that stopped waiting); `drop(owner)` forgets every ticket of an owner that is gone (a worker
 * that died holding the lock). Answers the holder's owner and the queue's length, for tests.
 */
export function createLockQueue() {
  /** @type {{ owner: unknown; ticket: string; grant: () => void } | null} */
  let holder = null;
  /** @type {Array<{ owner: unknown; ticket: string; grant: () => void }>} */
  let waiting = [];

  const grantNext = () => {
    while (!holder && waiting.length > 0) {
      holder = waiting.shift() ?? null;
      holder?.grant();
    }
  };

  return {
    /** @param {unknown} owner @param {string} ticket @param {() => void} grant */
    acquire(owner, ticket, grant) {
      waiting.push({ owner, ticket, grant });
      grantNext();
    },
    /** @param {unknown} owner @param {string} ticket */
    release(owner, ticket) {
      if (holder && holder.owner === owner && holder.ticket === ticket) {
        holder = null;
        grantNext();
        return;
      }
      waiting = waiting.filter((w) => !(w.owner === owner && w.ticket === ticket));
    },
    /** @param {unknown} owner */
    drop(owner) {
      waiting = waiting.filter((w) => w.owner !== owner);
      if (holder?.owner === owner) {
        holder = null;
        grantNext();
      }
    },
    state: () => ({ holder: holder ? { owner: holder.owner, ticket: holder.ticket } : null, waiting: waiting.length }),
  };
}
