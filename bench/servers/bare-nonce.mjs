// The baseline for bench/nonce.mjs: a bare Node `http` server doing what GET /auth/nonce does —
// validate the optional ?address, generate a SIWE nonce with viem, INSERT the LoginNonce row into
// the same database, answer the same JSON with the same CORS headers — and nothing else.
//
// Env: PORT, DATABASE_URL (the hub's database, already migrated), BARE_TERMS (JSON of the hub's
// { domain, uri, chainId, statement }), BARE_DB = "prisma" (the app's Prisma client from
// lib/db-core.ts, the same ORM path as the hub) or "raw" (better-sqlite3 / pg with one prepared INSERT).
// Run with the tsx loader (node --import tsx) so lib/db-core.ts can be imported.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { generateSiweNonce } from "viem/siwe";
import { describeDatabase, pgPoolConfig } from "../../scripts/lib/migrate.mjs";

const NONCE_TTL_MS = 10 * 60 * 1000; // lib/auth/sign-in-terms.ts
const ADDRESS = /^0x[0-9a-fA-F]{40}$/; // lib/schemas/auth.ts walletAddress
const EXPOSE_HEADERS = ["PAYMENT-REQUIRED", "PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE", "Link"].join(", "); // lib/http/cors.ts
const terms = JSON.parse(process.env.BARE_TERMS);
const mode = process.env.BARE_DB ?? "prisma";
const insertNonce = await nonceWriter(process.env.DATABASE_URL, mode);

/** @returns {Promise<(row: { nonce: string, expiresAt: Date, origin: string, wallet?: string }) => Promise<void> | void>} */
async function nonceWriter(databaseUrl, how) {
  if (how === "prisma") {
    const { createDb } = await import("../../lib/db-core.ts");
    const db = createDb(databaseUrl);
    await db.$connect();
    return async (data) => {
      await db.loginNonce.create({ data });
    };
  }
  if (how !== "raw") throw new Error(`BARE_DB must be prisma or raw (got ${how})`);
  const target = describeDatabase(databaseUrl);
  if (target.provider === "sqlite") {
    const { default: Database } = await import("better-sqlite3");
    const sqlite = new Database(target.filePath, { timeout: 5000 });
    // the pragmas lib/db-core.ts sets on the app's connection
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    const insert = sqlite.prepare('INSERT INTO "LoginNonce" ("id", "nonce", "wallet", "origin", "createdAt", "expiresAt") VALUES (?, ?, ?, ?, ?, ?)');
    // Prisma's SQLite adapter stores DateTime as ISO-8601 text with a +00:00 offset.
    const iso = (d) => d.toISOString().replace("Z", "+00:00");
    return ({ nonce, expiresAt, origin, wallet }) => {
      insert.run(randomUUID(), nonce, wallet ?? null, origin, iso(new Date()), iso(expiresAt));
    };
  }
  const { default: pg } = await import("pg");
  const pool = new pg.Pool(pgPoolConfig(target));
  return async ({ nonce, expiresAt, origin, wallet }) => {
    await pool.query({
      name: "insert-login-nonce",
      text: 'INSERT INTO "LoginNonce" ("id", "nonce", "wallet", "origin", "createdAt", "expiresAt") VALUES ($1, $2, $3, $4, $5, $6)',
      values: [randomUUID(), nonce, wallet ?? null, origin, new Date(), expiresAt],
    });
  };
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(json),
    "access-control-allow-origin": "*",
    "access-control-expose-headers": EXPOSE_HEADERS,
  });
  res.end(json);
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/health") return send(res, 200, { ok: true });
    if (req.method !== "GET" || url.pathname !== "/auth/nonce") return send(res, 404, { error: "Not found", details: url.pathname });
    const address = url.searchParams.get("address") ?? undefined;
    if (address !== undefined && !ADDRESS.test(address)) {
      return send(res, 400, { error: "Invalid request", details: "address: must be a 0x-prefixed 20-byte hex address", code: "invalid-request" });
    }
    const nonce = generateSiweNonce();
    const expiresAt = new Date(Date.now() + NONCE_TTL_MS);
    await insertNonce({ nonce, expiresAt, origin: terms.uri, wallet: address });
    send(res, 200, { success: true, nonce, expiresAt: expiresAt.toISOString(), version: "1", ...terms });
  } catch (err) {
    console.error(err);
    send(res, 500, { error: "Internal error", details: "Something went wrong" });
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), "127.0.0.1");
const stop = () => server.close(() => process.exit(0)).closeAllConnections();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
