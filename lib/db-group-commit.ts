import "server-only";
import { db, type Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import { noteWrite, requestContext } from "@/lib/log/request-context";

/**
 * Group commit (SQLite): units of work that arrive while one is running share its transaction, each
 * behind a savepoint of its own, and commit together.
 *
 * Why: SQLite writes every page a transaction changed to the WAL at its commit, two system calls a page.
 * A Gateway sale changes about 32 pages (its Payment, Receipt and ledger rows with their 18 indexes, the
 * item's row and the five indexes that hold its counters, the daily metric, the ledger's totals), so its
 * COMMIT was 349 µs of the one Node thread, the costliest statement of a paid unlock (bench/README.md,
 * session 49). Sales committed together write each shared page once: the item's row and its indexes, the
 * right-hand pages of every index ordered by time, the totals.
 *
 * Each unit is atomic on its own: it runs behind `SAVEPOINT`, and a unit that throws is rolled back to it
 * and rejected with its own error while the others go on. The rest resolve only after the group's
 * COMMIT: a caller never answers for a write that is not committed; if the COMMIT fails, every unit of
 * the group is rejected with its error (nothing of any of them was written). A group takes only what is
 * queued when it is ready for its next unit, so a unit that arrives at an idle hub runs at once, alone;
 * under load a group holds what arrived while the previous one ran (at most MAX_UNITS, so a steady stream
 * still lets other transactions take the lock, which is FIFO). The savepoints' undo copies stay in
 * memory (`PRAGMA temp_store = MEMORY`, lib/db-core.ts).
 *
 * A unit must only run statements in `tx`: a unit that waited on something held by the caller of another
 * unit of its group (an in-process lock, say) would wait for that unit's commit, which waits for it.
 */
type Unit = { work: (tx: Tx) => Promise<unknown>; resolve: (value: unknown) => void; reject: (err: unknown) => void };

/** Units in one transaction at most. */
const MAX_UNITS = 32;
const SAVEPOINT = Prisma.raw("SAVEPOINT group_unit");
const ROLLBACK_TO = Prisma.raw("ROLLBACK TO SAVEPOINT group_unit");
const RELEASE = Prisma.raw("RELEASE SAVEPOINT group_unit");

const queue: Unit[] = [];
let draining = false;

/** Runs `work` in a transaction, committed with the others queued beside it; resolves after the commit. */
export function groupCommitted<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  // The unit writes on behalf of the caller's request (the route wrapper's read cache), whichever
  // request's turn runs its statements.
  noteWrite();
  return new Promise<T>((resolve, reject) => {
    queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (!draining) {
      draining = true;
      // Not in the request that happened to start it: the group serves every request in it.
      requestContext.exit(() => setImmediate(() => void drain()));
    }
  });
}

async function drain(): Promise<void> {
  try {
    // A group's statements complete without the event loop turning (SQLite answers at once), so the
    // units that other requests queue come in only between groups: each group starts a turn later.
    while (queue.length > 0) {
      await commitGroup();
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    draining = false;
  }
}

async function commitGroup(): Promise<void> {
  const done: Array<{ unit: Unit; value: unknown }> = [];
  // The unit between its SAVEPOINT and its RELEASE: the group's failure there is its failure too.
  let current: Unit | null = null;
  let began = false;
  try {
    await db.$transaction(async (tx) => {
      began = true;
      for (let taken = 0; queue.length > 0 && taken < MAX_UNITS; taken++) {
        const unit = queue.shift()!;
        current = unit;
        await tx.$executeRaw(SAVEPOINT);
        let value: unknown;
        try {
          value = await unit.work(tx);
        } catch (err) {
          // Its own error, whatever happens to the group; if SQLite ended the whole transaction (an I/O
          // error, a full disk), the rollback fails and so does the group.
          current = null;
          unit.reject(err);
          await tx.$executeRaw(ROLLBACK_TO);
          await tx.$executeRaw(RELEASE);
          continue;
        }
        await tx.$executeRaw(RELEASE);
        current = null;
        done.push({ unit, value });
      }
    });
  } catch (err) {
    // No transaction (BEGIN IMMEDIATE waited out the busy timeout behind another process): what each
    // queued unit would have met on its own.
    if (!began) for (const unit of queue.splice(0)) unit.reject(err);
    (current as Unit | null)?.reject(err);
    for (const { unit } of done) unit.reject(err);
    return;
  }
  for (const { unit, value } of done) unit.resolve(value);
}
