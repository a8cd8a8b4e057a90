import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db } from "@/lib/db-core";
import { COLUMN, rawRows } from "@/lib/db-direct-raw";
import { rawPlanCounts } from "@/lib/db-raw-plans";
import { Prisma } from "@/lib/generated/sqlite/client";
import { isUniqueViolation } from "@/lib/x402/is-unique-violation";
import { unitDatabases } from "@/e2e/support/unit-databases";

// lib/db-direct-raw.ts on SQLite and PostgreSQL: a raw statement sent to the adapter directly answers
// what Prisma's own pipeline answers ($queryRawUnsafe always takes Prisma's), fails as it fails, and
// inside a $transaction runs on that transaction's connection and nowhere once it has ended.

const units = await unitDatabases("db-direct-raw");
afterAll(units.removeFiles);

const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`direct raw statements on ${provider.name}`, () => {
    let db: Db;
    const pg = provider.name === "postgres";
    /** `sql` run three times as `$queryRaw` (learned twice by Prisma, then direct) and once by Prisma alone. */
    const both = async (sql: Prisma.Sql) => {
      const before = rawPlanCounts.direct;
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await db.$queryRaw<Record<string, unknown>[]>(sql));
      const direct = rawPlanCounts.direct - before;
      const prisma = await db.$queryRawUnsafe<Record<string, unknown>[]>(pg ? sql.text : sql.sql, ...sql.values);
      return { runs, prisma, direct };
    };

    beforeAll(async () => {
      db = await units.open(provider);
      const site = await db.site.create({ data: { domain: "direct.example", name: "Direct", ownerWallet: PAYER, verifyToken: "t", verified: true } });
      await db.content.create({ data: { network: "testnet", siteId: site.id, externalId: "a", url: "https://direct.example/a", priceAtomic: 2n ** 60n + 7n, reputationScore: 4.25 } });
      await db.payment.create({
        data: { network: "testnet", chainId: 5042002, rail: "gateway", status: "locked", resourceType: "content", resourceId: "a", payer: PAYER, payTo: PAYER, recipient: PAYER, amountAtomic: 12_345n, nonce: "0x01", createdAt: new Date("2026-03-04T05:06:07.089Z") },
      });
    }, 60_000);

    afterAll(() => units.close(provider, db));

    it("answers every column type and argument kind as Prisma does, once the statement's shape is learned", async () => {
      const at = new Date("2026-01-01T00:00:00.000Z");
      const cases = [
        Prisma.sql`SELECT c."id", c."priceAtomic", c."reputationScore", c."trendScore", c."tagsTentative", c."createdAt", c."description", s."verified", s."domain"
          FROM "Content" c JOIN "Site" s ON s."id" = c."siteId" WHERE c."externalId" = ${"a"} AND c."createdAt" > ${at} AND c."priceAtomic" > ${2n ** 59n}`,
        Prisma.sql`SELECT "amountAtomic", "chainId", "createdAt", "settledAt", "nonce" FROM "Payment" WHERE "payer" = ${PAYER} AND "chainId" = ${5042002} AND "amountAtomic" >= ${0}`,
        Prisma.sql`SELECT COUNT(*) AS "n", SUM("amountAtomic") AS "sum", CAST(SUM("amountAtomic") AS TEXT) AS "text", MAX("createdAt") AS "latest" FROM "Payment" WHERE "status" IN (${"locked"}, ${"settling"})`,
        Prisma.sql`SELECT ${"text"} AS "s", ${7} AS "i", ${2 ** 40} AS "l", ${0.5} AS "f", ${true} AS "t", ${false} AS "b", ${null} AS "n", ${undefined} AS "u", ${-0} AS "z", ${Number.NaN} AS "nan"`,
        Prisma.sql`SELECT CAST(${2n ** 62n} AS TEXT) AS "big", ${at} AS "at", ${"é 漢字 \u{1F600}"} AS "unicode"`,
        Prisma.sql`SELECT "id" FROM "Content" WHERE "externalId" = ${"none"}`,
      ];
      for (const sql of cases) {
        const { runs, prisma, direct } = await both(sql);
        for (const rows of runs) expect(rows).toStrictEqual(prisma);
        // The third run went to the adapter directly (the first two taught Prisma's plan for the shape).
        expect(direct).toBe(1);
      }
    });

    it("sends a statement without arguments directly from its first run, answering as Prisma does", async () => {
      const sql = Prisma.raw(`SELECT "amountAtomic", "nonce", CAST(COUNT(*) OVER () AS TEXT) AS "n", ${Math.random().toString().slice(2)} AS "once" FROM "Payment" WHERE "payer" = '${PAYER}'`);
      const before = rawPlanCounts.direct;
      const direct = await db.$queryRaw<Record<string, unknown>[]>(sql);
      expect(rawPlanCounts.direct - before).toBe(1);
      expect(direct).toStrictEqual(await db.$queryRawUnsafe<Record<string, unknown>[]>(sql.sql));
      expect(direct.length).toBeGreaterThan(0);
      const changed = rawPlanCounts.direct;
      expect(await db.$executeRaw(Prisma.raw(`UPDATE "Payment" SET "error" = NULL WHERE "payer" = '${PAYER}'`))).toBe(direct.length);
      expect(rawPlanCounts.direct - changed).toBe(1);
    });

    it("decodes each column type as Prisma's raw result decoding does", () => {
      const adapterUtils = createRequire(createRequire(import.meta.url).resolve("@prisma/adapter-pg"))("@prisma/driver-adapter-utils") as { ColumnTypeEnum: Record<string, number> };
      expect(COLUMN).toEqual(adapterUtils.ColumnTypeEnum);
      const [row] = rawRows({
        columnNames: ["i", "big", "bigNum", "dec", "bool", "boolText", "at", "json", "bytes", "ints", "none"],
        columnTypes: [COLUMN.Int32, COLUMN.Int64, COLUMN.Int64, COLUMN.Numeric, COLUMN.Boolean, COLUMN.Boolean, COLUMN.DateTime, COLUMN.Json, COLUMN.Bytes, COLUMN.Int64Array, COLUMN.Text],
        rows: [["7", "9007199254740993", 12.9, "1.50", 1, "true", "2026-01-02T03:04:05.006+00:00", '{"a":[1]}', [1, 2], ["1", null], null]],
      } as never);
      expect(row).toStrictEqual({
        i: 7, big: 9007199254740993n, bigNum: 12n, dec: new Prisma.Decimal("1.5"), bool: true, boolText: true, at: new Date("2026-01-02T03:04:05.006Z"),
        json: { a: [1] }, bytes: new Uint8Array([1, 2]), ints: [1n, null], none: null,
      });
    });

    it("writes as Prisma writes, and a duplicate is the same unique violation (P2010) the money path answers as a replay", async () => {
      const insert = (nonce: string, id = `p-${nonce}`) =>
        db.$executeRaw`INSERT INTO "Payment" ("id", "network", "chainId", "rail", "status", "resourceType", "resourceId", "payer", "payTo", "recipient", "amountAtomic", "nonce", "createdAt", "updatedAt")
          VALUES (${id}, ${"testnet"}, ${5042002}, ${"gateway"}, ${"locked"}, ${"content"}, ${"a"}, ${PAYER}, ${PAYER}, ${PAYER}, ${2n ** 53n + 1n}, ${nonce}, ${new Date("2026-02-03T04:05:06.007Z")}, ${new Date("2026-02-03T04:05:06.007Z")})`;
      const before = rawPlanCounts.direct;
      for (const nonce of ["0xa1", "0xa2", "0xa3"]) expect(await insert(nonce)).toBe(1);
      expect(rawPlanCounts.direct - before).toBe(1);
      const written = await db.payment.findUniqueOrThrow({ where: { id: "p-0xa3" } });
      expect(written).toMatchObject({ amountAtomic: 2n ** 53n + 1n, createdAt: new Date("2026-02-03T04:05:06.007Z"), nonce: "0xa3" });

      const direct = await insert("0xa3", "p-dup").catch((e: unknown) => e);
      const prisma = await db
        .$executeRawUnsafe(pg ? 'INSERT INTO "Payment" ("id", "network", "chainId", "rail", "status", "resourceType", "resourceId", "payer", "payTo", "recipient", "amountAtomic", "nonce", "updatedAt") VALUES ($1, \'testnet\', 5042002, \'gateway\', \'locked\', \'content\', \'a\', $2, $2, $2, 1, \'0xa3\', now())' : 'INSERT INTO "Payment" ("id", "network", "chainId", "rail", "status", "resourceType", "resourceId", "payer", "payTo", "recipient", "amountAtomic", "nonce", "updatedAt") VALUES (?, \'testnet\', 5042002, \'gateway\', \'locked\', \'content\', \'a\', ?, ?, ?, 1, \'0xa3\', 0)', ...(pg ? ["p-other", PAYER] : ["p-other", PAYER, PAYER, PAYER]))
        .catch((e: unknown) => e);
      expect(direct).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
      expect(isUniqueViolation(direct)).toBe(true);
      expect(isUniqueViolation(prisma)).toBe(true);
      expect((direct as { code: string }).code).toBe((prisma as { code: string }).code);
      // Prisma's message leads with the call site ("Invalid `prisma.$executeRawUnsafe()` invocation:"), then the same text.
      expect((prisma as Error).message.endsWith((direct as Error).message)).toBe(true);
    });

    it("runs a transaction's raw statements on that transaction: they see its writes, roll back with it, and each transaction has its own", async () => {
      const count = (tx: Pick<Db, "$queryRaw">, name: string) => tx.$queryRaw<Array<{ n: number | bigint }>>`SELECT COUNT(*) AS "n" FROM "LeaderLock" WHERE "name" = ${name}`;
      for (const name of ["learn-1", "learn-2"]) {
        await db.$executeRaw`INSERT INTO "LeaderLock" ("name", "holder", "expiresAt", "updatedAt") VALUES (${name}, ${"h"}, ${new Date()}, ${new Date()})`;
        await count(db, name);
      }
      const before = rawPlanCounts.direct;
      const seen = await db
        .$transaction(async (tx) => {
          await tx.$executeRaw`INSERT INTO "LeaderLock" ("name", "holder", "expiresAt", "updatedAt") VALUES (${"rolled-back"}, ${"h"}, ${new Date()}, ${new Date()})`;
          const [inside] = await count(tx, "rolled-back");
          const model = await tx.leaderLock.count({ where: { name: "rolled-back" } });
          throw new Error(`abort ${Number(inside!.n)} ${model}`);
        })
        .catch((e: Error) => e.message);
      expect(seen).toBe("abort 1 1");
      expect(rawPlanCounts.direct - before).toBe(2);
      expect(Number((await count(db, "rolled-back"))[0]!.n)).toBe(0);

      if (pg) {
        // Two transactions at once, each on its own pool client: the direct statement's backend is the transaction's.
        const backend = () =>
          db.$transaction(async (tx) => {
            const direct = await tx.$queryRaw<Array<{ pid: number }>>`SELECT pg_backend_pid() AS "pid" WHERE ${1} = 1`;
            const prisma = await tx.$queryRawUnsafe<Array<{ pid: number }>>("SELECT pg_backend_pid() AS \"pid\"");
            await new Promise((resolve) => setTimeout(resolve, 30));
            return [direct[0]!.pid, prisma[0]!.pid];
          });
        for (let i = 0; i < 2; i++) await backend(); // learn the shape
        const pairs = await Promise.all([backend(), backend(), backend()]);
        for (const [direct, prisma] of pairs) expect(direct).toBe(prisma);
        expect(new Set(pairs.map(([pid]) => pid)).size).toBe(3);
      }
    });

    it("keeps a statement Prisma takes (its shape not learned yet) in the transaction too", async () => {
      const outcome = await db
        .$transaction(
          async (tx) => {
            // The first two go to Prisma (learning), the third direct: all three on the transaction.
            for (let i = 0; i < 3; i++) {
              await tx.$executeRaw`INSERT INTO "LeaderLock" ("name", "holder", "expiresAt", "updatedAt") VALUES (${`unlearned-${i}`}, ${"h"}, ${new Date()}, ${new Date()})`;
            }
            const [row] = await tx.$queryRaw<Array<{ n: number | bigint }>>`SELECT COUNT(*) AS "n" FROM "LeaderLock" WHERE "name" LIKE ${"unlearned-%"} AND ${"never-seen"} <> ''`;
            throw new Error(`abort ${Number(row!.n)}`);
          },
          { timeout: 3_000 },
        )
        .catch((e: Error) => e.message);
      expect(outcome).toBe("abort 3");
      expect(await db.leaderLock.count({ where: { name: { startsWith: "unlearned-" } } })).toBe(0);
    });

    it("goes on after $disconnect: Prisma connects again, and raw statements follow the new connection", async () => {
      const read = () => db.$queryRaw<Array<{ n: number | bigint }>>`SELECT COUNT(*) AS "n" FROM "Site" WHERE "domain" = ${"direct.example"}`;
      for (let i = 0; i < 3; i++) await read();
      await db.$disconnect();
      const before = rawPlanCounts.direct;
      expect(Number((await read())[0]!.n)).toBe(1); // Prisma's path, which connects
      expect(Number((await read())[0]!.n)).toBe(1); // direct again, on the new connection
      expect(rawPlanCounts.direct - before).toBe(1);
    });

    it("refuses a raw statement sent after its transaction timed out, and writes nothing", async () => {
      const insert = (tx: Pick<Db, "$executeRaw">, name: string) =>
        tx.$executeRaw`INSERT INTO "LeaderLock" ("name", "holder", "expiresAt", "updatedAt") VALUES (${name}, ${"late"}, ${new Date()}, ${new Date()})`;
      await insert(db, "late-learn-1");
      await insert(db, "late-learn-2");
      let late: unknown;
      const outcome = await db
        .$transaction(
          async (tx) => {
            await new Promise((resolve) => setTimeout(resolve, 400));
            late = await insert(tx, "too-late").catch((e: unknown) => e);
          },
          { timeout: 100 },
        )
        .catch((e: unknown) => e);
      expect(outcome).toBeInstanceOf(Error);
      expect(late).toMatchObject({ code: "P2028" });
      expect(await db.leaderLock.count({ where: { name: "too-late" } })).toBe(0);
      // The connection serves the next statements as before.
      await insert(db, "after");
      expect(await db.leaderLock.count({ where: { name: "after" } })).toBe(1);
    });
  });
}
