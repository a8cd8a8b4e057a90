import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db-core";
import { Prisma } from "@/lib/generated/sqlite/client";
import { unitDatabases } from "@/e2e/support/unit-databases";
import { migrate } from "@/scripts/lib/migrate.mjs";
import { type OrderedStatement, sqlLiteral } from "./db-one-trip";

// lib/db-one-trip.ts on each database: statements run in order in the caller's transaction (on
// PostgreSQL as one DO block with the values written in, or a call of the shape's kept function), every value comes back as Prisma writes it,
// hostile strings included, and a statement that must change one row and does not fails the whole
// transaction.
const units = await unitDatabases("db-one-trip");
afterAll(units.removeFiles);

const HOSTILE = [
  "plain",
  "it's",
  "''; DROP TABLE \"Content\"; --",
  "back\\slash\\'quote\\\\",
  "$one_trip_0123456789ab$ END $$; $body$",
  "é 漢字 \u{1F600} \u2028 tab\tnewline\n",
  "",
];

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`statements in one trip, on ${provider.name}`, () => {
    let db: Db;
    let mod: typeof import("./db-one-trip");
    let siteId: string;

    beforeAll(async () => {
      db = await units.openForHub(provider);
      mod = await import("./db-one-trip");
      siteId = (await db.site.create({ data: { domain: "trip.example", name: "Trip", ownerWallet: "0xa", verified: true } })).id;
      await db.content.createMany({
        data: HOSTILE.map((_, i) => ({ id: `c${i}`, network: "testnet", siteId, externalId: `item-${i}`, url: `https://trip.example/${i}` })),
      });
    }, 60_000);

    afterAll(() => units.close(provider, db));

    /** The kept functions of lib/db-one-trip.ts in this schema (PostgreSQL). */
    const keptFunctions = async () =>
      Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT COUNT(*) AS n FROM pg_proc p JOIN pg_namespace s ON s.oid = p.pronamespace WHERE p.proname LIKE 'one_trip_%' AND s.nspname = current_schema()`))[0]!.n);

    it("writes every value as Prisma would, hostile strings, large integers and dates included, in order", async () => {
      const at = new Date("2026-11-30T08:09:10.123Z");
      const big = 2n ** 62n + 3n;
      await db.$transaction((tx) =>
        mod.executeInOrder(tx, [
          ...HOSTILE.map((title, i) => ({
            sql: Prisma.sql`UPDATE "Content" SET "title" = ${title}, "revenueAtomic" = ${big}, "views" = ${i}, "updatedAt" = ${at}, "tagsTentative" = ${true} WHERE "id" = ${`c${i}`}`,
            oneRow: `no c${i}`,
          })),
          // In order: this one reads what the first statement wrote.
          { sql: Prisma.sql`UPDATE "Content" SET "description" = "title" WHERE "id" = ${"c0"}` },
        ]),
      );
      const rows = await db.content.findMany({ where: { siteId }, orderBy: { id: "asc" } });
      expect(rows.map((r) => r.title)).toEqual(HOSTILE);
      for (const [i, r] of rows.entries()) expect(r).toMatchObject({ revenueAtomic: big, views: i, updatedAt: at, tagsTentative: true });
      expect(rows[0]!.description).toBe(HOSTILE[0]);
    });

    it("fails the transaction, earlier statements and all, when a oneRow statement changes no row", async () => {
      const before = await db.content.findUniqueOrThrow({ where: { id: "c1" } });
      const run = db.$transaction((tx) =>
        mod.executeInOrder(tx, [
          { sql: Prisma.sql`UPDATE "Content" SET "unlocks" = "unlocks" + 1 WHERE "id" = ${"c1"}` },
          { sql: Prisma.sql`UPDATE "Content" SET "unlocks" = "unlocks" + 1 WHERE "id" = ${"missing"}`, oneRow: "no content missing to count" },
        ]),
      );
      await expect(run).rejects.toThrow("no content missing to count");
      expect((await db.content.findUniqueOrThrow({ where: { id: "c1" } })).unlocks).toBe(before.unlocks);
    });

    it("checks a value against its bound in order, and fails the whole transaction with the check's own error above it", async () => {
      const count = Prisma.sql`SELECT CAST(SUM("unlocks") AS TEXT) AS "sum" FROM "Content" WHERE "id" = ${"c2"}`;
      const start = (await db.content.findUniqueOrThrow({ where: { id: "c2" } })).unlocks;
      const bump = { sql: Prisma.sql`UPDATE "Content" SET "unlocks" = "unlocks" + 1 WHERE "id" = ${"c2"}` };
      const seen: bigint[] = [];
      const check = (atMost: bigint) => ({ check: count, atMost, fail: (value: bigint) => (seen.push(value), new RangeError(`over by ${value - atMost}`)) });
      // The check reads what the statement before it wrote: start + 1 is within start + 1.
      await db.$transaction((tx) => mod.executeInOrder(tx, [bump, check(BigInt(start + 1)), bump]));
      expect((await db.content.findUniqueOrThrow({ where: { id: "c2" } })).unlocks).toBe(start + 2);
      // start + 3 is above start + 2: the check's error, and the bump before it undone.
      const run = db.$transaction((tx) => mod.executeInOrder(tx, [bump, check(BigInt(start + 2)), bump]));
      await expect(run).rejects.toThrow(new RangeError("over by 1"));
      expect(seen).toEqual([BigInt(start + 3)]);
      expect((await db.content.findUniqueOrThrow({ where: { id: "c2" } })).unlocks).toBe(start + 2);
    });

    it("fails on a driver's error as before, unique violations included, and a RAISE elsewhere is not taken for a check", async () => {
      const dup = { sql: Prisma.sql`INSERT INTO "Site" ("id", "domain", "name", "ownerWallet", "verified", "createdAt", "updatedAt") VALUES (${"dup"}, ${"trip.example"}, ${"x"}, ${"0xa"}, ${true}, ${new Date()}, ${new Date()})` };
      const check = { check: Prisma.sql`SELECT CAST(1 AS TEXT) AS "one"`, atMost: 0n, fail: () => new RangeError("not this one") };
      await expect(db.$transaction((tx) => mod.executeInOrder(tx, [dup, check]))).rejects.toMatchObject({ code: "P2010" });
    });

    it("runs a perform statement for its effect and drops its result; it must be a SELECT", async () => {
      await db.$transaction((tx) => mod.executeInOrder(tx, [{ perform: Prisma.sql`SELECT ${1} AS "one"` }]));
      if (provider.name === "postgres") {
        await expect(db.$transaction((tx) => mod.executeInOrder(tx, [{ perform: Prisma.sql`UPDATE "Content" SET "views" = 0` }]))).rejects.toThrow("perform takes a SELECT");
      }
    });

    it.runIf(provider.name === "postgres")("a statement after a lock in the batch sees what the lock's last holder committed (its own snapshot)", async () => {
      // The Gateway rail's payer lock and deposit check share one DO block: the check must not read a
      // snapshot taken before the lock was granted, or two payments of one payer could both pass it.
      const rows = Prisma.sql`SELECT CAST(COUNT(*) AS TEXT) AS "n" FROM "Content" WHERE "siteId" = ${siteId} AND "externalId" LIKE ${"late-%"}`;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const holding = new Promise<void>((r) => (locked = r));
      const first = db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${4242n})`;
        await tx.content.create({ data: { id: "late-1", network: "testnet", siteId, externalId: "late-1", url: "https://trip.example/late" } });
        locked();
        await held;
      });
      await holding;
      const second = db.$transaction((tx) =>
        mod.executeInOrder(tx, [{ perform: Prisma.sql`SELECT pg_advisory_xact_lock(${4242n})` }, { check: rows, atMost: 0n, fail: (n) => new RangeError(`saw ${n}`) }]),
      );
      await new Promise((r) => setTimeout(r, 200)); // the second waits on the lock
      release();
      await first;
      await expect(second).rejects.toThrow(new RangeError("saw 1"));
    });

    it("runs nothing for no statements", async () => {
      await db.$transaction((tx) => mod.executeInOrder(tx, []));
    });

    it("executeAtomically: the same shape run again and again gives the same rows, hostile values included, and keeps a function for it on PostgreSQL", async () => {
      const at = new Date("2026-12-01T10:11:12.345Z");
      const big = 2n ** 61n + 7n;
      const shape = (title: string, i: number) => [
        { perform: Prisma.sql`SELECT ${`c${i}`} AS "id"` },
        { sql: Prisma.sql`UPDATE "Content" SET "title" = ${title}, "revenueAtomic" = ${big + BigInt(i)}, "views" = ${i}, "updatedAt" = ${at}, "tagsTentative" = ${i % 2 === 0}, "recipientWallet" = ${null} WHERE "id" = ${`c${i}`}`, oneRow: `no c${i}` },
      ];
      for (const [i, title] of HOSTILE.entries()) await mod.executeAtomically(shape(title, i));
      const rows = await db.content.findMany({ where: { siteId, id: { in: HOSTILE.map((_, i) => `c${i}`) } }, orderBy: { id: "asc" } });
      expect(rows.map((r) => r.title)).toEqual(HOSTILE);
      for (const [i, r] of rows.entries()) expect(r).toMatchObject({ revenueAtomic: big + BigInt(i), views: i, updatedAt: at, tagsTentative: i % 2 === 0, recipientWallet: null });
      if (provider.name === "postgres") expect(await keptFunctions()).toBeGreaterThan(0);
      // A oneRow failure carries its own message (a parameter of the kept function) and undoes the block.
      await expect(mod.executeAtomically(shape("never", 99))).rejects.toThrow("no c99");
    });

    it("executeAtomically: a check fails with its own error, the block undone, after the shape is kept", async () => {
      const bump = { sql: Prisma.sql`UPDATE "Content" SET "unlocks" = "unlocks" + ${1} WHERE "id" = ${"c3"}` };
      const count = Prisma.sql`SELECT CAST(SUM("unlocks") AS TEXT) AS "sum" FROM "Content" WHERE "id" = ${"c3"}`;
      const check = (atMost: bigint) => ({ check: count, atMost, fail: (value: bigint) => new RangeError(`c3 at ${value}, over ${atMost}`) });
      for (let i = 0; i < 4; i++) {
        const start = (await db.content.findUniqueOrThrow({ where: { id: "c3" } })).unlocks;
        await mod.executeAtomically([bump, check(BigInt(start + 1))]);
        await expect(mod.executeAtomically([bump, check(BigInt(start))])).rejects.toThrow(new RangeError(`c3 at ${start + 2}, over ${start}`));
        expect((await db.content.findUniqueOrThrow({ where: { id: "c3" } })).unlocks).toBe(start + 1);
      }
      // A value that looks like another call's marker is only a value.
      await expect(mod.executeAtomically([{ sql: Prisma.sql`UPDATE "Content" SET "title" = ${"one_trip_check_000000000000:0:5"} WHERE "id" = ${"nothing"}`, oneRow: "one_trip_check_000000000000:0:5" }, check(0n)])).rejects.toThrow(
        "one_trip_check_000000000000:0:5",
      );
    });

    it.runIf(provider.name === "postgres")("executeAtomically: a migration drops the kept functions, a running process makes the one it uses again, and a body PostgreSQL refuses runs inline", async () => {
      const touch = (i: number) => [{ sql: Prisma.sql`UPDATE "Content" SET "views" = "views" + ${1} WHERE "id" = ${"c4"}` }, { sql: Prisma.sql`UPDATE "Content" SET "unlocks" = ${i} WHERE "id" = ${"c4"}` }];
      const views = async () => (await db.content.findUniqueOrThrow({ where: { id: "c4" } })).views;
      const start = await views();
      for (let i = 0; i < 3; i++) await mod.executeAtomically(touch(i));
      const kept = await keptFunctions();
      // A new build's start (or a deploy's migration) while this process still runs: nothing stale is left.
      await migrate({ databaseUrl: provider.url });
      expect(await keptFunctions()).toBe(0);
      for (let i = 0; i < 3; i++) await mod.executeAtomically(touch(i));
      expect(await views()).toBe(start + 6);
      expect(await keptFunctions()).toBe(1);
      expect(kept).toBeGreaterThan(0);
      // A string where PostgreSQL wants a timestamp: fine as a literal, refused as a text parameter.
      const stamp = () => [{ sql: Prisma.sql`UPDATE "Content" SET "updatedAt" = ${"2026-12-01 00:00:00"}, "views" = "views" + 1 WHERE "id" = ${"c4"}` }];
      for (let i = 0; i < 3; i++) await mod.executeAtomically(stamp());
      expect(await views()).toBe(start + 9);
    });

    it.runIf(provider.name === "postgres")("executeInOrder: in a caller's transaction the shape is kept too, behind a savepoint: a dropped or refused function rolls back to it and the transaction goes on", async () => {
      const touch = (i: number) => [{ sql: Prisma.sql`UPDATE "Content" SET "views" = "views" + ${1} WHERE "id" = ${"c5"}` }, { sql: Prisma.sql`UPDATE "Content" SET "unlocks" = "unlocks" + ${i} WHERE "id" = ${"c5"}` }];
      const row = () => db.content.findUniqueOrThrow({ where: { id: "c5" } });
      // Each transaction writes the block, then a statement of its own after it: both or neither.
      const inTransaction = (statements: OrderedStatement[], title: string) =>
        db.$transaction(async (tx) => {
          await mod.executeInOrder(tx, statements);
          await tx.$executeRaw`UPDATE "Content" SET "title" = ${title} WHERE "id" = ${"c5"}`;
        });
      await migrate({ databaseUrl: provider.url });
      const start = await row();
      // Seen twice: the function is made on another connection, not awaited; these run inline meanwhile.
      for (let i = 0; i < 2; i++) await inTransaction(touch(1), `inline ${i}`);
      await vi.waitFor(async () => expect(await keptFunctions()).toBe(1), { timeout: 10_000 });
      for (let i = 0; i < 3; i++) await inTransaction(touch(1), `kept ${i}`);
      let now = await row();
      expect([now.views - start.views, now.unlocks - start.unlocks, now.title]).toEqual([5, 5, "kept 2"]);
      // The function dropped under a running hub: the call fails behind its savepoint, the block runs inline, the transaction commits.
      await migrate({ databaseUrl: provider.url });
      await inTransaction(touch(1), "after the drop");
      now = await row();
      expect([now.views - start.views, now.title]).toEqual([6, "after the drop"]);
      // A check failing inside the kept call still fails the whole transaction with its own error.
      for (let i = 0; i < 3; i++) await inTransaction(touch(1), `again ${i}`);
      await vi.waitFor(async () => expect(await keptFunctions()).toBe(1), { timeout: 10_000 });
      const failing = [...touch(1), { check: Prisma.sql`SELECT "views" FROM "Content" WHERE "id" = ${"c5"}`, atMost: 0n, fail: (v: bigint) => new Error(`over by ${v}`) }];
      for (let i = 0; i < 2; i++) await expect(inTransaction(failing, "never")).rejects.toThrow(/over by/);
      await vi.waitFor(async () => expect(await keptFunctions()).toBe(2), { timeout: 10_000 });
      await expect(inTransaction(failing, "never")).rejects.toThrow(/over by/);
      now = await row();
      expect([now.views - start.views, now.title]).toEqual([9, "again 2"]);
      // A body PostgreSQL refuses (a text parameter for a timestamp column): rolled back to the savepoint, inline from then on.
      const stamp = () => [{ sql: Prisma.sql`UPDATE "Content" SET "updatedAt" = ${"2026-12-01 00:00:00"}, "views" = "views" + 2 WHERE "id" = ${"c5"}` }];
      for (let i = 0; i < 2; i++) await inTransaction(stamp(), `stamp ${i}`);
      await vi.waitFor(async () => expect(await keptFunctions()).toBe(3), { timeout: 10_000 });
      for (let i = 2; i < 4; i++) await inTransaction(stamp(), `stamp ${i}`);
      now = await row();
      expect([now.views - start.views, now.title]).toEqual([17, "stamp 3"]);
    });
  });
}

describe("sqlLiteral", () => {
  it("writes strings, integers, dates and null, and refuses what it cannot write exactly", () => {
    expect(sqlLiteral("it's \\")).toBe("E'it''s \\\\'");
    expect(sqlLiteral(-5)).toBe("(-5)");
    expect(sqlLiteral(2n ** 64n)).toBe("(18446744073709551616)::bigint");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(new Date("2026-01-02T03:04:05.006Z"))).toBe("E'2026-01-02 03:04:05.006'::timestamp(3)");
    for (const bad of [0.5, Number.NaN, 2 ** 60, new Date(Number.NaN), "nul\u0000", {}, [1], Buffer.from("x")]) expect(() => sqlLiteral(bad)).toThrow();
  });
});
