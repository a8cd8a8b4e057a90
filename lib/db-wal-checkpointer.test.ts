import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { startWalCheckpointer } from "@/lib/db-wal-checkpointer.mjs";

const tmpDir = mkdtempSync(path.join(os.tmpdir(), "hub-wal-checkpointer-"));
afterAll(() => rmSync(tmpDir, { recursive: true, force: true }));

const until = async (what: string, check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`still not ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

it("copies what commits appended to the WAL into the database file, from a thread of its own", async () => {
  const filePath = path.join(tmpDir, "hub.db");
  const writer = new Database(filePath);
  writer.pragma("journal_mode = WAL");
  writer.pragma("wal_autocheckpoint = 0"); // this connection never checkpoints: only the thread can
  writer.exec('CREATE TABLE "T" ("id" INTEGER PRIMARY KEY, "body" TEXT)');
  const insert = writer.prepare('INSERT INTO "T" ("body") VALUES (?)');
  for (let i = 0; i < 200; i++) insert.run("x".repeat(8_000)); // ≈ 1.6 MB, one commit each
  const before = statSync(filePath).size;
  expect(statSync(`${filePath}-wal`).size).toBeGreaterThan(1_500_000);

  const logged: string[] = [];
  const checkpointer = startWalCheckpointer({ filePath, everyMs: 50, log: (level: string, msg: string) => logged.push(`${level}: ${msg}`) });
  try {
    await until("checkpointed", () => statSync(filePath).size > before + 1_500_000);
    // Later commits are checkpointed too, while the writer goes on writing.
    const size = statSync(filePath).size;
    for (let i = 0; i < 100; i++) insert.run("y".repeat(8_000));
    await until("checkpointed again", () => statSync(filePath).size > size + 700_000);
    expect((writer.prepare('SELECT COUNT(*) AS n FROM "T"').get() as { n: number }).n).toBe(300);
    expect(logged).toEqual([]);
  } finally {
    await checkpointer.stop();
    writer.close();
  }
});

it("waits for a database file that does not exist yet, and says once that it cannot checkpoint it", async () => {
  const filePath = path.join(tmpDir, "later.db");
  const logged: string[] = [];
  const checkpointer = startWalCheckpointer({ filePath, everyMs: 20, log: (level: string, msg: string) => logged.push(`${level}: ${msg}`) });
  try {
    await until("reported", () => logged.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200)); // ten more failed ticks
    expect(logged).toEqual(["warn: SQLite WAL checkpoint failed; retrying every tick"]);
    const writer = new Database(filePath); // the file appears (the hub migrates it)
    writer.pragma("journal_mode = WAL");
    writer.pragma("wal_autocheckpoint = 0");
    writer.exec('CREATE TABLE "T" ("id" INTEGER PRIMARY KEY, "body" TEXT)');
    const before = statSync(filePath).size;
    for (let i = 0; i < 50; i++) writer.prepare('INSERT INTO "T" ("body") VALUES (?)').run("z".repeat(8_000));
    await until("checkpointed", () => statSync(filePath).size > before + 350_000);
    await until("recovered", () => logged.length === 2);
    expect(logged[1]).toBe("info: SQLite WAL checkpoints run again");
    writer.close();
  } finally {
    await checkpointer.stop();
  }
  expect(statSync(filePath).size).toBeGreaterThan(0);
});
