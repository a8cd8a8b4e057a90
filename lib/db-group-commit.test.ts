import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db-core";
import { Prisma } from "@/lib/generated/sqlite/client";
import { unitDatabases } from "@/e2e/support/unit-databases";

// lib/db-group-commit.ts (SQLite): units queued together run in one transaction, each behind its own
// savepoint; each caller is answered only after the group's COMMIT; a unit that throws is rolled back
// alone; when SQLite ends the whole transaction every unit of the group fails and nothing of it stays.
const units = await unitDatabases("db-group-commit");
afterAll(units.removeFiles);
const sqlite = units.databases.find((d) => d.name === "sqlite")!;

describe("group commit, on sqlite", () => {
  let db: Db;
  let mod: typeof import("./db-group-commit");
  /** Another connection to the same file: it sees only what is committed. */
  let outside: Database.Database;

  beforeAll(async () => {
    db = await units.openForHub(sqlite);
    mod = await import("./db-group-commit");
    await db.$executeRawUnsafe(`CREATE TABLE "GroupTest" ("id" TEXT PRIMARY KEY, "v" INTEGER NOT NULL)`);
    // A row with v = -1 makes SQLite roll back the whole transaction, as an I/O error or a full disk would.
    await db.$executeRawUnsafe(`CREATE TRIGGER "GroupTest_abort" BEFORE INSERT ON "GroupTest" WHEN NEW."v" = -1 BEGIN SELECT RAISE(ROLLBACK, 'rolled back whole'); END`);
    outside = new Database(sqlite.url.replace(/^file:/, ""), { readonly: true });
  }, 60_000);
  afterAll(async () => {
    outside?.close();
    await units.closeForHub(sqlite, db);
  });
  beforeEach(async () => {
    await db.$executeRawUnsafe(`DELETE FROM "GroupTest"`);
  });

  const insert = (id: string, v = 1) => Prisma.sql`INSERT INTO "GroupTest" ("id", "v") VALUES (${id}, ${v})`;
  const committed = () => (outside.prepare(`SELECT "id" FROM "GroupTest" ORDER BY "id"`).all() as Array<{ id: string }>).map((r) => r.id);
  const outcome = (p: Promise<unknown>) =>
    p.then(
      (value) => ({ ok: true as const, value }),
      (err: unknown) => ({ ok: false as const, message: err instanceof Error ? err.message : String(err) }),
    );

  it("runs the units queued together in one transaction and answers each only after its COMMIT", async () => {
    const events: string[] = [];
    let seenByOthers: string[] | null = null;
    const unit = (id: string, last = false) =>
      mod
        .groupCommitted(async (tx) => {
          await tx.$executeRaw(insert(id));
          events.push(`ran ${id}`);
          // The last unit runs after the first two: another connection sees none of their rows yet.
          if (last) seenByOthers = committed();
          return id;
        })
        .then((value) => {
          events.push(`answered ${id}`);
          return value;
        });
    const values = await Promise.all([unit("a"), unit("b"), unit("c", true)]);
    expect(values).toEqual(["a", "b", "c"]);
    expect(seenByOthers).toEqual([]);
    expect(events).toEqual(["ran a", "ran b", "ran c", "answered a", "answered b", "answered c"]);
    expect(committed()).toEqual(["a", "b", "c"]);
  });

  it("rolls back a unit that throws to its own savepoint, with its own error, and commits the others", async () => {
    const results = await Promise.all([
      outcome(mod.groupCommitted((tx) => tx.$executeRaw(insert("a")))),
      outcome(
        mod.groupCommitted(async (tx) => {
          await tx.$executeRaw(insert("b"));
          await tx.$executeRaw(insert("b2"));
          throw new Error("b's own check failed");
        }),
      ),
      // A statement that fails (a duplicate key) is rolled back alone too.
      outcome(mod.groupCommitted((tx) => tx.$executeRaw(insert("a")))),
      outcome(mod.groupCommitted((tx) => tx.$executeRaw(insert("d")))),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, false, true]);
    expect(results[1]).toMatchObject({ message: "b's own check failed" });
    expect(results[2]).toMatchObject({ message: expect.stringMatching(/UNIQUE/i) });
    expect(committed()).toEqual(["a", "d"]);
  });

  it("fails every unit of the group when SQLite ends the whole transaction, keeps nothing of it, and commits the next group", async () => {
    const first = [
      outcome(mod.groupCommitted((tx) => tx.$executeRaw(insert("a")))),
      outcome(mod.groupCommitted((tx) => tx.$executeRaw(insert("boom", -1)))),
    ];
    // Queued while that group runs: the next group.
    const later = first[1]!.then(() => outcome(mod.groupCommitted((tx) => tx.$executeRaw(insert("c")))));
    const [a, boom] = await Promise.all(first);
    expect(boom).toMatchObject({ ok: false, message: expect.stringMatching(/rolled back whole/) });
    expect(a?.ok).toBe(false);
    expect(await later).toMatchObject({ ok: true });
    expect(committed()).toEqual(["c"]);
    // The connection is out of the failed transaction: a plain statement commits at once.
    await db.$executeRaw(insert("e"));
    expect(committed()).toEqual(["c", "e"]);
  });

  it("runs a unit that arrives alone at once, in a transaction of its own", async () => {
    expect(await mod.groupCommitted(async (tx) => (await tx.$executeRaw(insert("x"))) + 41)).toBe(42);
    expect(committed()).toEqual(["x"]);
  });
});
