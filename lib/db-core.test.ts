import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { createLockQueue } from "@/lib/cluster/lock-queue.mjs";
import { createDb, type Db, keepPreparedStatements, limitUnread, type Tx, type WriteLock } from "@/lib/db-core";
import { modelPlanCounts } from "@/lib/db-model-plans";
import { rawPlanCounts } from "@/lib/db-raw-plans";
import { SAFETY_NET_PAGES } from "@/lib/db-wal-settings.mjs";
import { insertPayment } from "@/lib/x402/insert-payment";
import { isUniqueViolation } from "@/lib/x402/is-unique-violation";
import { unitDatabases } from "@/e2e/support/unit-databases";
import { migrate, resetDatabase } from "@/scripts/lib/migrate.mjs";

// Runs on SQLite (a temporary file) and on PostgreSQL (a schema of its own on the local server,
// TEST_POSTGRES_URL or scripts/lib/postgres.mjs's default; skipped with a message when it does not answer).

const units = await unitDatabases("db-core");
const { tmpDir } = units;
afterAll(units.removeFiles);

const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PAY_TO = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

type PaymentOverrides = { nonce?: string | null; txHash?: string | null; amountAtomic?: bigint; rail?: string; chainId?: number };

function payment(overrides: PaymentOverrides = {}) {
  return {
    network: "testnet",
    chainId: 5042002,
    rail: "gateway",
    status: "locked",
    resourceType: "content",
    resourceId: "content-1",
    payer: PAYER,
    payTo: PAY_TO,
    recipient: PAY_TO,
    amountAtomic: 10_000n,
    ...overrides,
  };
}

for (const provider of units.databases) {
  describe.skipIf(!provider.enabled)(`db-core on ${provider.name}`, () => {
    let db: Db;

    beforeAll(async () => {
      db = await units.open(provider);
    }, 60_000);

    afterAll(() => units.close(provider, db));

    it("round-trips a BigInt money amount above 2^53 exactly, and negative amounts", async () => {
      const amount = 2n ** 53n + 1n;
      const created = await db.payment.create({ data: payment({ nonce: "0xbig", amountAtomic: amount }) });
      const read = await db.payment.findUniqueOrThrow({ where: { id: created.id } });
      expect(read.amountAtomic).toBe(amount);
      expect(typeof read.amountAtomic).toBe("bigint");

      const refund = await db.ledgerActivity.create({
        data: { network: "testnet", type: "tip", subkind: "refund", amountAtomic: -amount },
      });
      const sum = await db.ledgerActivity.aggregate({ where: { id: refund.id }, _sum: { amountAtomic: true } });
      expect(sum._sum.amountAtomic).toBe(-amount);
    });

    it("rejects a second payment with the same (chainId, payer, nonce)", async () => {
      await db.payment.create({ data: payment({ nonce: "0xn1" }) });
      await expect(db.payment.create({ data: payment({ nonce: "0xn1" }) })).rejects.toMatchObject({ code: "P2002" });
      // Another chain is another key.
      await expect(db.payment.create({ data: payment({ nonce: "0xn1", chainId: 5042 }) })).resolves.toBeTruthy();
    });

    it("a raw Payment insert (the money path's) reads back as Prisma's own row, and its duplicate is a unique violation", async () => {
      const data = { ...payment({ nonce: "0xraw" }), siteId: null, feeAtomic: 100n, nonce: "0xraw", validAfter: 0n, validBefore: 2n ** 40n, signature: "0xsig", authorization: "{}" };
      const row = await insertPayment(db as unknown as Tx, data);
      expect(row.id).toMatch(/^c[a-z0-9]{24}$/);
      expect(await db.payment.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
      const err = await insertPayment(db as unknown as Tx, data).catch((e: unknown) => e);
      expect(isUniqueViolation(err)).toBe(true);
      expect(isUniqueViolation(await db.payment.create({ data: payment({ nonce: "0xraw" }) }).catch((e: unknown) => e))).toBe(true);
    });

    it("a raw read decodes a DateTime column to the same Date and a BigInt column to a bigint (the Gateway index's read relies on it)", async () => {
      const readAt = new Date("2026-11-28T03:04:05.678Z");
      await db.gatewayIndexHead.create({ data: { chainId: 77, block: 2n ** 53n + 3n, readAt, sinceTime: 9n } });
      const [row] = await db.$queryRaw<Array<{ readAt: unknown; block: unknown; text: string }>>`SELECT "readAt", "block", CAST("block" AS TEXT) AS "text" FROM "GatewayIndexHead" WHERE "chainId" = ${77}`;
      expect(row!.readAt).toBeInstanceOf(Date);
      expect((row!.readAt as Date).getTime()).toBe(readAt.getTime());
      expect(row!.block).toBe(2n ** 53n + 3n);
      expect(BigInt(row!.text)).toBe(2n ** 53n + 3n);
    });

    it("plans a raw statement without the compiler once its shape is learned, with the compiler's results", async () => {
      await db.gatewayIndexHead.create({ data: { chainId: 78, block: 5n, readAt: new Date("2026-01-02T03:04:05.006Z"), sinceTime: 1n } });
      const before = { ...rawPlanCounts };
      const read = (i: number) =>
        db.$queryRaw<Array<Record<string, unknown>>>`SELECT ${`s${i}`} AS "s", ${i} AS "i", ${i + 0.5} AS "f", ${i % 2 === 0} AS "b", ${null} AS "n", ${2 ** 40 + i} AS "l",
          CAST(${BigInt(2) ** BigInt(60) + BigInt(i)} AS TEXT) AS "big", "readAt" FROM "GatewayIndexHead" WHERE "chainId" = ${78} AND "readAt" < ${new Date(Date.UTC(2027, 0, 1 + i))}`;
      for (let i = 0; i < 6; i++) {
        const [row] = await read(i);
        // Untyped parameters come back as each database reads them (PostgreSQL: text); the values are the same.
        expect(row).toMatchObject({ s: `s${i}`, n: null, big: String(2n ** 60n + BigInt(i)) });
        expect(Number(row!.f)).toBe(i + 0.5);
        expect(Number(row!.i)).toBe(i);
        expect(Number(row!.l)).toBe(2 ** 40 + i);
        expect([true, 1, "t", "true", "1"].includes(row!.b as never)).toBe(i % 2 === 0);
        expect((row!.readAt as Date).toISOString()).toBe("2026-01-02T03:04:05.006Z");
        const changed = await db.$executeRaw`UPDATE "GatewayIndexHead" SET "sinceTime" = ${BigInt(i)} WHERE "chainId" = ${78} AND ${i} >= 0`;
        expect(changed).toBe(1);
      }
      // Two of each statement's six runs were compiled and compared; the other four went to the adapter
      // with the kept plan's argument types, past the compiler and the client (lib/db-direct-raw.ts).
      expect(rawPlanCounts.direct - before.direct).toBe(8);
      expect(rawPlanCounts.compiled - before.compiled).toBe(4);
      expect((await db.gatewayIndexHead.findUnique({ where: { chainId: 78 } }))?.sinceTime).toBe(5n);
    });

    it("plans model queries of a learned shape without the compiler, with the compiler's results", async () => {
      const before = { ...modelPlanCounts };
      const tag = `mp${Date.now()}`;
      for (let i = 0; i < 6; i++) {
        // Values with quotes, a backslash, a line separator and a percent sign: each reaches the database as it is.
        const name = `Site "${i}" \\ \u2028 100%`;
        const site = await db.site.create({ data: { domain: `${tag}-${i}.example`, name, ownerWallet: `0x${i}`, siteKey: `${tag}-k${i}` } });
        await db.blogPost.create({ data: { siteId: site.id, slug: `post-${i}`, title: `T${i}`, status: i % 2 ? "published" : "draft" } });
        expect(await db.site.findUnique({ where: { domain: `${tag}-${i}.example` } })).toMatchObject({ id: site.id, name });
        expect(await db.site.findUnique({ where: { domain: `${tag}-none-${i}.example` } })).toBeNull();
        const posts = await db.blogPost.findMany({ where: { siteId: site.id, status: "published" }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 500 });
        expect(posts.map((p) => p.slug)).toEqual(i % 2 ? [`post-${i}`] : []);
        expect(await db.blogPost.findUnique({ where: { siteId_slug: { siteId: site.id, slug: `post-${i}` } }, include: { site: true } })).toMatchObject({ title: `T${i}`, site: { domain: `${tag}-${i}.example` } });
        // (Not the backslash: PostgreSQL's LIKE reads it as its escape, and Prisma leaves it in the pattern.)
        expect(await db.site.count({ where: { name: { contains: `"${i}" ` }, domain: { startsWith: tag } } })).toBe(1);
        const pair = await db.site.findMany({ where: { domain: { in: [`${tag}-${i}.example`, `${tag}-${Math.max(0, i - 1)}.example`] } }, orderBy: { domain: "asc" }, select: { domain: true } });
        expect(pair.map((s) => s.domain)).toEqual([...new Set([`${tag}-${Math.max(0, i - 1)}.example`, `${tag}-${i}.example`])]);
        expect(await db.site.update({ where: { domain: `${tag}-${i}.example` }, data: { description: `d${i}` }, select: { description: true } })).toEqual({ description: `d${i}` });
        expect(await db.blogPost.updateMany({ where: { siteId: site.id, slug: `post-${i}` }, data: { summary: `s${i}` } })).toEqual({ count: 1 });
        // A shape without a string value (the hosted-blog sitemap's): its whole plan kept, the answer still the database's.
        const unverified = await db.site.findMany({ where: { verified: false, removedAt: null, hosted: false }, select: { domain: true }, orderBy: { domain: "asc" } });
        expect(unverified.filter((s) => s.domain.startsWith(tag)).map((s) => s.domain)).toEqual([0, 1, 2, 3, 4, 5].slice(0, i + 1).map((k) => `${tag}-${k}.example`));
      }
      expect((await db.blogPost.findMany({ where: { site: { domain: { startsWith: tag } } }, orderBy: { slug: "asc" } })).map((p) => p.summary)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `s${i}`));
      // Each shape: the first compiled, two more compiled and compared, the other three planned here.
      expect(modelPlanCounts.planned - before.planned).toBeGreaterThanOrEqual(10 * 3);
      const planned = modelPlanCounts.planned;
      await db.site.findMany({ where: { verified: false, removedAt: null, hosted: false }, select: { domain: true }, orderBy: { domain: "asc" } });
      expect(modelPlanCounts.planned).toBe(planned + 1);
    });

    it("plans model queries holding dates, each date reaching the database as it was", async () => {
      const tag = `md${Date.now()}`;
      // One name for the six sites, compared whole (a startsWith pattern holds its value inside a longer text, never planned).
      for (let i = 0; i < 6; i++) await db.site.create({ data: { domain: `${tag}-${i}.example`, name: tag, ownerWallet: `0x${i}`, siteKey: `${tag}-k${i}` } });
      const before = { ...modelPlanCounts };
      for (let i = 0; i < 6; i++) {
        const at = new Date(Date.UTC(2026, 0, 1 + i, 12, 30, 15, 250 + i));
        // With the date given and the one the client adds for @updatedAt.
        expect(await db.site.updateMany({ where: { domain: `${tag}-${i}.example` }, data: { lastVerifiedAt: at } })).toEqual({ count: 1 });
        const since = await db.site.findMany({ where: { name: tag, lastVerifiedAt: { gte: at } }, select: { domain: true, lastVerifiedAt: true } });
        expect(since).toEqual([{ domain: `${tag}-${i}.example`, lastVerifiedAt: at }]);
        expect(await db.site.count({ where: { name: tag, lastVerifiedAt: { lt: at } } })).toBe(i);
      }
      // Each of the three shapes: one compiled, two compiled and compared, the other three planned here.
      expect(modelPlanCounts.planned - before.planned).toBe(3 * 3);
    });

    it("plans model queries holding big integers, each reaching the database as it was", async () => {
      const tag = `mb${Date.now()}`;
      const chainId = 70_000 + (Date.now() % 10_000); // these payments' own
      const before = { ...modelPlanCounts };
      for (let i = 0; i < 6; i++) {
        // Amounts past 2^53, one negative.
        const amount = (i === 3 ? -1n : 1n) * (2n ** 60n + 10n * BigInt(i));
        await db.payment.create({ data: payment({ nonce: `${tag}-${i}`, chainId, amountAtomic: amount }) });
        expect(await db.payment.updateMany({ where: { chainId, amountAtomic: amount }, data: { amountAtomic: amount + 1n } })).toEqual({ count: 1 });
        const rows = await db.payment.findMany({ where: { chainId, amountAtomic: { gte: 2n ** 60n + 1n } }, select: { amountAtomic: true }, orderBy: { amountAtomic: "asc" } });
        expect(rows.map((r) => r.amountAtomic)).toEqual([0, 1, 2, 4, 5].filter((k) => k <= i).map((k) => 2n ** 60n + 10n * BigInt(k) + 1n));
      }
      // The update's and the read's shapes: one compiled, two compiled and compared, the other three planned here.
      expect(modelPlanCounts.planned - before.planned).toBeGreaterThanOrEqual(2 * 3);
    });

    it("rejects a second payment with the same (chainId, txHash)", async () => {
      await db.payment.create({ data: payment({ rail: "transfer", txHash: "0xt1" }) });
      await expect(db.payment.create({ data: payment({ txHash: "0xt1" }) })).rejects.toMatchObject({ code: "P2002" });
    });

    it("allows any number of payments whose nonce and txHash are both null", async () => {
      await db.payment.create({ data: payment({ nonce: null, txHash: null }) });
      await db.payment.create({ data: payment({ nonce: null, txHash: null }) });
      expect(await db.payment.count({ where: { nonce: null, txHash: null } })).toBe(2);
    });

    it("leaves nothing behind when a transaction rolls back", async () => {
      const before = await db.payment.count();
      await expect(
        db.$transaction(async (tx) => {
          const p = await tx.payment.create({ data: payment({ nonce: "0xrollback" }) });
          await tx.receipt.create({
            data: { paymentId: p.id, network: "testnet", paymentProvider: "x402-gateway", recipient: PAY_TO, amountAtomic: 1n, revenueAtomic: 1n },
          });
          throw new Error("abort");
        }),
      ).rejects.toThrow("abort");
      expect(await db.payment.count()).toBe(before);
      expect(await db.receipt.count()).toBe(0);
    });

    it("tells its onWrite of every statement that may write, in and out of transactions, and of no read", async () => {
      let writes = 0;
      const watched = createDb(provider.url, { onWrite: () => void writes++ });
      try {
        await watched.payment.findMany({ take: 1 });
        await watched.payment.count();
        await watched.$queryRaw`SELECT 1 AS one`;
        expect(writes).toBe(0);
        await watched.leaderLock.create({ data: { name: "watched", holder: "a", expiresAt: new Date() } });
        expect(writes).toBeGreaterThan(0);
        writes = 0;
        await watched.$transaction(async (tx) => {
          await tx.leaderLock.findMany();
          await tx.leaderLock.updateMany({ where: { name: "watched" }, data: { holder: "b" } });
        });
        expect(writes).toBeGreaterThan(0);
        writes = 0;
        await watched.$executeRaw`DELETE FROM "LeaderLock" WHERE "name" = ${"watched"}`;
        expect(writes).toBe(1);
      } finally {
        await watched.$disconnect();
      }
    });

    it("keeps a write made outside an open transaction when that transaction rolls back", async () => {
      let inside!: () => void;
      const insideWrote = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const rolledBack = db
        .$transaction(async (tx) => {
          await tx.leaderLock.create({ data: { name: "inside", holder: "a", expiresAt: new Date() } });
          inside();
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error("abort");
        })
        .catch((error: Error) => error.message);
      await insideWrote;
      await db.leaderLock.create({ data: { name: "outside", holder: "b", expiresAt: new Date() } });
      expect(await rolledBack).toBe("abort");
      const names = (await db.leaderLock.findMany()).map((row) => row.name);
      expect(names).toEqual(["outside"]);
    });

    it.skipIf(provider.name !== "sqlite")("gives a new connection planner statistics, so a content lookup by externalId, URL or path takes its index, not a walk of the network", async () => {
      // Without statistics SQLite took the (network, createdAt) index for `network = ? AND (id = ? OR
      // externalId = ?) ORDER BY createdAt` and walked every content row of the network. The lookups are
      // the shapes of lib/content/content-for-sale.ts.
      const site = await db.site.create({ data: { domain: "planner.example", name: "Planner", ownerWallet: PAY_TO, verifyToken: "planner-token" } });
      await db.content.createMany({ data: Array.from({ length: 2_000 }, (_, i) => ({ network: "testnet", siteId: site.id, externalId: `item-${i}`, path: `/p/${i}`, url: `https://planner.example/p/${i}` })) });
      const fresh = createDb(provider.url);
      try {
        const planOf = async (where: string) =>
          (
            await fresh.$queryRawUnsafe<Array<{ detail: string }>>(
              `EXPLAIN QUERY PLAN SELECT c."id" FROM "Content" c JOIN "Site" s ON s."id" = c."siteId" WHERE c."network" = 'testnet' AND ${where} ORDER BY c."createdAt" ASC, c."id" ASC LIMIT 5`,
            )
          )
            .map((row) => row.detail)
            .join("\n");
        expect(await planOf(`(c."id" = 'item-7' OR (c."externalId" = 'item-7'))`)).toMatch(/USING INDEX Content_network_externalId_idx/);
        expect(await planOf(`c."url" = 'https://planner.example/p/7'`)).toMatch(/USING INDEX Content_network_url_idx/);
        expect(await planOf(`c."path" = '/p/7'`)).toMatch(/USING INDEX Content_network_path_idx/);
        const stats = await fresh.$queryRawUnsafe<Array<{ n: bigint | number }>>(`SELECT COUNT(*) AS n FROM "sqlite_stat1" WHERE "tbl" = 'Content'`);
        expect(Number(stats[0]!.n)).toBeGreaterThan(0);
      } finally {
        await fresh.$disconnect();
      }
    });

    it.skipIf(provider.name !== "sqlite")("lets another process write while a transaction reads and then writes (no 'database is locked')", async () => {
      // Another process (the CLI settler, a test writing fixtures) inserts between the transaction's
      // read and its write. With a deferred BEGIN the transaction's snapshot is stale by then and its
      // write fails at once; with BEGIN IMMEDIATE the other process waits for the commit instead.
      const file = provider.url.replace(/^file:/, "");
      const script = `
        const Database = require("better-sqlite3");
        const d = new Database(process.argv[1], { timeout: 5000 });
        process.stdout.write("ready\\n");
        d.prepare("INSERT INTO LeaderLock (name, holder, expiresAt, updatedAt) VALUES (?, ?, ?, ?)").run("other-process", "b", Date.now(), Date.now());
        d.close();`;
      let ready!: () => void;
      const otherReady = new Promise<void>((resolve) => {
        ready = resolve;
      });
      let other: Promise<void> | undefined;
      await db.$transaction(async (tx) => {
        await tx.leaderLock.findMany({ select: { name: true } });
        other = new Promise<void>((resolve, reject) => {
          const child = execFile(process.execPath, ["-e", script, file], { cwd: process.cwd() }, (err) => (err ? reject(err) : resolve()));
          child.stdout?.on("data", () => ready());
        });
        await otherReady;
        await new Promise((resolve) => setTimeout(resolve, 300)); // the other write lands (or waits) here
        await tx.leaderLock.create({ data: { name: "tx-after-read", holder: "a", expiresAt: new Date() } });
      }, { timeout: 15_000 });
      await other;
      const names = (await db.leaderLock.findMany({ where: { name: { in: ["tx-after-read", "other-process"] } }, select: { name: true } })).map((row) => row.name);
      expect(names.sort()).toEqual(["other-process", "tx-after-read"]);
    });

    it.skipIf(provider.name !== "sqlite")("recovers when another process holds the write lock longer than the busy timeout: the transaction fails, later ones and queries work", async () => {
      // Another process (a bulk import, a backup, the CLI settler stuck mid-write) holds the write lock
      // past the 5 s busy timeout while the hub opens a transaction: BEGIN IMMEDIATE fails with
      // "database is locked". The adapter's own startTransaction took a private mutex before BEGIN and
      // never gave it back, so every later transaction, and behind it every query, waited forever.
      const file = provider.url.replace(/^file:/, "");
      const script = `
        const Database = require("better-sqlite3");
        const d = new Database(process.argv[1], { timeout: 5000 });
        d.prepare("BEGIN IMMEDIATE").run();
        process.stdout.write("locked\\n");
        setTimeout(() => { d.prepare("COMMIT").run(); d.close(); }, 6500);`;
      let locked!: () => void;
      const otherLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const other = new Promise<void>((resolve, reject) => {
        const child = execFile(process.execPath, ["-e", script, file], { cwd: process.cwd() }, (err) => (err ? reject(err) : resolve()));
        child.stdout?.on("data", () => locked());
      });
      await otherLocked;
      const failed = await db
        .$transaction(async (tx) => tx.leaderLock.create({ data: { name: "while-locked", holder: "a", expiresAt: new Date() } }), { maxWait: 15_000, timeout: 15_000 })
        .then(() => "committed", (error: Error) => error.message);
      expect(failed).toMatch(/locked|busy|timed out/i);
      await other; // the other process commits and lets go
      const done = await Promise.race([
        db.$transaction(async (tx) => tx.leaderLock.create({ data: { name: "after-lock", holder: "a", expiresAt: new Date() } })).then(() => "committed"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000)),
      ]);
      expect(done).toBe("committed");
      expect((await db.leaderLock.findMany({ where: { name: { in: ["while-locked", "after-lock"] } }, select: { name: true } })).map((r) => r.name)).toEqual(["after-lock"]);
    }, 40_000);

    it.skipIf(provider.name !== "sqlite")("recovers when SQLite rolls a transaction back whole itself: the transaction fails, later ones and queries work", async () => {
      // A full disk, an I/O error or a trigger's RAISE(ROLLBACK) ends the whole transaction inside
      // SQLite; Prisma's ROLLBACK then fails ("no transaction is active") and Prisma never called
      // rollback(), so the connection's lock stayed taken and every later query waited forever.
      await db.$executeRawUnsafe(`CREATE TABLE "RollbackWhole" ("id" TEXT PRIMARY KEY, "v" INTEGER NOT NULL)`);
      await db.$executeRawUnsafe(`CREATE TRIGGER "RollbackWhole_abort" BEFORE INSERT ON "RollbackWhole" WHEN NEW."v" = -1 BEGIN SELECT RAISE(ROLLBACK, 'rolled back whole'); END`);
      const failed = await db
        .$transaction(async (tx) => {
          await tx.$executeRaw`INSERT INTO "RollbackWhole" ("id", "v") VALUES (${"a"}, ${1})`;
          await tx.$executeRaw`INSERT INTO "RollbackWhole" ("id", "v") VALUES (${"b"}, ${-1})`;
        })
        .then(() => "committed", (error: Error) => error.message);
      expect(failed).toMatch(/rolled back whole/);
      const next = await Promise.race([
        db.$transaction(async (tx) => tx.$executeRaw`INSERT INTO "RollbackWhole" ("id", "v") VALUES (${"c"}, ${1})`).then(() => "committed"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000)),
      ]);
      expect(next).toBe("committed");
      expect(await db.$queryRaw`SELECT "id" FROM "RollbackWhole" ORDER BY "id"`).toEqual([{ id: "c" }]);
    }, 30_000);
  });
}

/** Rows in a table of a raw better-sqlite3 connection. */
function count(d: Database.Database, table: string): number {
  return (d.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;
}

describe("kept prepared statements (SQLite)", () => {
  const url = `file:${path.join(tmpDir, "statements.db")}`;
  type SqlQuery = Parameters<Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>["queryRaw"]>[0];
  const q = (sql: string, ...args: Array<number | string>): SqlQuery => ({ sql, args, argTypes: args.map((a) => ({ scalarType: typeof a === "number" ? "int" : "string", arity: "scalar" })) });

  /** An adapter with kept statements, and every text its better-sqlite3 connection was asked to prepare. */
  async function keptAdapter(at: string) {
    const adapter = await new PrismaBetterSQLite3({ url: at }).connect();
    // The adapter keeps its better-sqlite3 Database as `client`: a new adapter version without it fails here.
    const client = (adapter as unknown as { client: { prepare: (sql: string) => unknown } }).client;
    const original = client.prepare.bind(client);
    const prepared: string[] = [];
    client.prepare = (sql: string) => (prepared.push(sql), original(sql));
    expect(keepPreparedStatements(adapter)).toBe(true);
    return { adapter, prepared };
  }

  it("prepares a statement once and binds each call's own arguments", async () => {
    const { adapter, prepared } = await keptAdapter(url);
    try {
      await adapter.executeScript('CREATE TABLE "T" ("id" INTEGER PRIMARY KEY, "name" TEXT)');
      const insert = 'INSERT INTO "T" ("id", "name") VALUES (?, ?)';
      for (const [id, name] of [[1, "one"], [2, "two"], [3, "three"]] as const) expect(await adapter.executeRaw(q(insert, id, name))).toBe(1);
      const select = 'SELECT "name" FROM "T" WHERE "id" = ?';
      const names = [];
      for (const id of [2, 1, 3, 2]) names.push((await adapter.queryRaw(q(select, id))).rows[0]?.[0]);
      expect(names).toEqual(["two", "one", "three", "two"]);
      expect((await adapter.queryRaw(q(select, 9))).rows).toEqual([]);
      // A failing call (a duplicate key) leaves the kept statement usable.
      await expect(adapter.executeRaw(q(insert, 1, "again"))).rejects.toThrow();
      expect(await adapter.executeRaw(q(insert, 4, "four"))).toBe(1);
      // A write without result rows through the reading path, as Prisma sends some.
      expect((await adapter.queryRaw(q('UPDATE "T" SET "name" = ? WHERE "id" = ?', "TWO", 2))).rows).toEqual([]);
      expect((await adapter.queryRaw(q(select, 2))).rows[0]?.[0]).toBe("TWO");
      // Each kept statement answers its own result columns, read once (the first call's, on every later call).
      const both = 'SELECT "id", "name" FROM "T" WHERE "id" = ?';
      for (const id of [1, 3]) {
        const result = await adapter.queryRaw(q(both, id));
        expect(result.columnNames).toEqual(["id", "name"]);
        expect(result.rows).toEqual([[String(id), id === 1 ? "one" : "three"]]); // INTEGER, declared: a 64-bit integer, as text
      }
      expect((await adapter.queryRaw(q(select, 3))).columnNames).toEqual(["name"]);
      expect(prepared.filter((s) => s === insert)).toHaveLength(1);
      expect(prepared.filter((s) => s === select)).toHaveLength(1);
    } finally {
      await adapter.dispose();
    }
  });

  it("binds a LIMIT's value under a unary plus, so the planner does not read it and the kept statement is planned once", async () => {
    const { adapter, prepared } = await keptAdapter(`file:${path.join(tmpDir, "limits.db")}`);
    try {
      await adapter.executeScript('CREATE TABLE "L" ("id" INTEGER PRIMARY KEY); INSERT INTO "L" VALUES (1), (2), (3), (4), (5);');
      const page = 'SELECT "id" FROM "L" WHERE "id" IN (SELECT "id" FROM "L" ORDER BY "id" LIMIT ?) ORDER BY "id" DESC limit\n? OFFSET ?';
      const ids = async (inner: number, outer: number, skip: number) => (await adapter.queryRaw(q(page, inner, outer, skip))).rows.map((r) => Number(r[0]));
      expect(await ids(4, 2, 0)).toEqual([4, 3]);
      expect(await ids(5, 3, 1)).toEqual([4, 3, 2]);
      expect(await ids(2, 5, 0)).toEqual([2, 1]);
      expect(prepared.filter((s) => s.includes('FROM "L" WHERE'))).toEqual([
        'SELECT "id" FROM "L" WHERE "id" IN (SELECT "id" FROM "L" ORDER BY "id" LIMIT +?) ORDER BY "id" DESC LIMIT +? OFFSET ?',
      ]);
      expect(limitUnread("SELECT 1 LIMIT ?")).toBe("SELECT 1 LIMIT +?");
      expect(limitUnread('SELECT "limits" FROM "T" LIMIT 5')).toBe('SELECT "limits" FROM "T" LIMIT 5');
    } finally {
      await adapter.dispose();
    }
  });

  it("analyzes within a limit and drops STAT4 samples an earlier ANALYZE left, keeping the row counts", async () => {
    const file = path.join(tmpDir, "samples.db");
    const url = `file:${file}`;
    await resetDatabase({ databaseUrl: url });
    await migrate({ databaseUrl: url });
    const raw = new Database(file);
    try {
      const insert = raw.prepare(`INSERT INTO "LeaderLock" ("name", "holder", "expiresAt", "updatedAt") VALUES (?, ?, ?, ?)`);
      raw.transaction(() => {
        for (let i = 0; i < 500; i++) insert.run(`lock-${i}`, `holder-${i % 7}`, Date.now(), Date.now());
      })();
      raw.exec("PRAGMA analysis_limit = 0; ANALYZE;"); // what a plain ANALYZE in the sqlite3 shell leaves
      expect(count(raw, "sqlite_stat4")).toBeGreaterThan(0);
    } finally {
      raw.close();
    }
    const db = createDb(url);
    try {
      expect(Number((await db.$queryRawUnsafe<Array<{ analysis_limit: bigint }>>("PRAGMA analysis_limit"))[0]?.analysis_limit)).toBe(1000);
      const after = new Database(file, { readonly: true });
      try {
        expect(count(after, "sqlite_stat4")).toBe(0);
        expect(count(after, "sqlite_stat1")).toBeGreaterThan(0);
      } finally {
        after.close();
      }
      // The hub's own ANALYZE (its hourly PRAGMA optimize runs one within the limit) writes no samples.
      await db.$executeRawUnsafe("ANALYZE");
      expect(Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>("SELECT COUNT(*) AS n FROM sqlite_stat4"))[0]?.n)).toBe(0);
    } finally {
      await db.$disconnect();
    }
  });

  it("is what the hub's SQLite client runs on (createDb)", async () => {
    await resetDatabase({ databaseUrl: url });
    await migrate({ databaseUrl: url });
    const db = createDb(url);
    try {
      const rows = await Promise.all([1, 2, 3].map((n) => db.$queryRaw<Array<{ n: bigint }>>`SELECT ${n} + 1 AS n`));
      expect(rows.map((r) => Number(r[0]?.n))).toEqual([2, 3, 4]);
      await db.leaderLock.create({ data: { name: "kept", holder: "a", expiresAt: new Date() } });
      await db.leaderLock.create({ data: { name: "kept-2", holder: "b", expiresAt: new Date() } });
      expect((await db.leaderLock.findUnique({ where: { name: "kept-2" } }))?.holder).toBe("b");
      expect((await db.leaderLock.findUnique({ where: { name: "kept" } }))?.holder).toBe("a");
    } finally {
      await db.$disconnect();
    }
  });
});

describe("WAL checkpoints (SQLite)", () => {
  const url = `file:${path.join(tmpDir, "checkpoints.db")}`;
  const autocheckpoint = async (db: Db) => Number((await db.$queryRawUnsafe<Array<Record<string, bigint>>>("PRAGMA wal_autocheckpoint"))[0]?.wal_autocheckpoint);

  it("a connection checkpoints at SQLite's default, or leaves the work to the thread that checkpoints its database", async () => {
    await resetDatabase({ databaseUrl: url });
    await migrate({ databaseUrl: url });
    const own = createDb(url);
    const left = createDb(url, { backgroundCheckpoints: true });
    try {
      expect(await autocheckpoint(own)).toBe(1000);
      expect(await autocheckpoint(left)).toBe(SAFETY_NET_PAGES);
    } finally {
      await Promise.all([own, left].map((db) => db.$disconnect()));
    }
  });
});

describe("a write lock shared with other processes (SQLite, lib/cluster/write-lock.ts)", () => {
  const url = `file:${path.join(tmpDir, "write-lock.db")}`;
  const lease = (name: string) => ({ data: { name, holder: "a", expiresAt: new Date() } });

  /** Two clients of one file, as two workers, sharing one FIFO lock as the primary holds it; `events` says who took and gave back what. */
  async function twoWorkers() {
    await resetDatabase({ databaseUrl: url });
    await migrate({ databaseUrl: url });
    const queue = createLockQueue();
    const events: string[] = [];
    let tickets = 0;
    const lockFor = (worker: string): WriteLock => () => {
      const ticket = String(++tickets);
      events.push(`${worker} asks`);
      return new Promise((resolve) =>
        queue.acquire(worker, ticket, () => {
          events.push(`${worker} holds`);
          resolve(() => {
            events.push(`${worker} gives back`);
            queue.release(worker, ticket);
          });
        }),
      );
    };
    const a = createDb(url, { writeLock: lockFor("a") });
    const b = createDb(url, { writeLock: lockFor("b") });
    await Promise.all([a.$queryRaw`SELECT 1`, b.$queryRaw`SELECT 1`]);
    events.length = 0;
    return { a, b, events, queue, close: () => Promise.all([a.$disconnect(), b.$disconnect()]) };
  }

  it("takes it for a transaction until its commit, and for a write outside one; never for a read", async () => {
    const { a, events, queue, close } = await twoWorkers();
    try {
      await a.leaderLock.findMany();
      await a.$queryRaw`SELECT COUNT(*) FROM "LeaderLock"`;
      expect(events).toEqual([]);
      await a.$transaction(async (tx) => {
        expect(events).toEqual(["a asks", "a holds"]);
        await tx.leaderLock.create(lease("in-tx"));
      });
      expect(events).toEqual(["a asks", "a holds", "a gives back"]);
      await a.$executeRaw`DELETE FROM "LeaderLock" WHERE "name" = ${"none"}`;
      expect(events.slice(3)).toEqual(["a asks", "a holds", "a gives back"]);
      await a.$transaction(async (tx) => {
        await tx.leaderLock.create(lease("rolled-back"));
        throw new Error("abort");
      }).catch(() => {});
      expect(events.slice(6)).toEqual(["a asks", "a holds", "a gives back"]);
      expect(queue.state()).toEqual({ holder: null, waiting: 0 });
      expect((await a.leaderLock.findMany()).map((row) => row.name)).toEqual(["in-tx"]);
    } finally {
      await close();
    }
  });

  it("one process's write waits for its turn while another's transaction holds it, and then runs", async () => {
    const { a, b, events, close } = await twoWorkers();
    try {
      let holding!: () => void;
      const aHolds = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const aDone = a.$transaction(async (tx) => {
        await tx.leaderLock.create(lease("a-first"));
        holding();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.leaderLock.create(lease("a-second"));
      });
      await aHolds;
      const bDone = b.leaderLock.create(lease("b-after"));
      await Promise.all([aDone, bDone]);
      expect(events).toEqual(["a asks", "a holds", "b asks", "a gives back", "b holds", "b gives back"]);
      expect((await b.leaderLock.findMany({ orderBy: { name: "asc" } })).map((row) => row.name)).toEqual(["a-first", "a-second", "b-after"]);
    } finally {
      await close();
    }
  });

  it("gives it back when SQLite refuses the transaction's BEGIN", async () => {
    const { a, events, queue, close } = await twoWorkers();
    try {
      // A transaction already open on the connection: the next BEGIN IMMEDIATE fails ("cannot start a transaction within a transaction").
      await a.$executeRawUnsafe("BEGIN");
      events.length = 0;
      const failed = await a.$transaction(async (tx) => tx.leaderLock.create(lease("never"))).then(() => "committed", (error: Error) => error.message);
      expect(failed).toMatch(/transaction/i);
      expect(events).toEqual(["a asks", "a holds", "a gives back"]);
      expect(queue.state()).toEqual({ holder: null, waiting: 0 });
      await a.$executeRawUnsafe("ROLLBACK");
    } finally {
      await close();
    }
  });
});
