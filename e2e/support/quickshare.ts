// Helpers for the quickshare API tests: wallets, sessions, shares, the proof secret and the database.
import { readFileSync } from "node:fs";
import path from "node:path";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { createDb, type Db } from "../../lib/db-core";
import { signUnlockProof } from "../../lib/access/sign-unlock-proof";
import { api, HUB_URL, signIn } from "./hub";

export type Person = { account: PrivateKeyAccount; address: `0x${string}`; cookie: string };

/** A fresh wallet with a live session, so tests never share entitlement state. */
export async function person(): Promise<Person> {
  const account = privateKeyToAccount(generatePrivateKey());
  return { account, address: account.address, cookie: await signIn(account) };
}

/** A fresh wallet with no session: its address can only be claimed. */
export function stranger(): `0x${string}` {
  return privateKeyToAccount(generatePrivateKey()).address;
}

export type ShareInput = {
  title?: string;
  content?: string;
  price?: string;
  whitelist?: string[];
  whitelistPrice?: string | null;
  publicAccess?: boolean;
  expiresInHours?: number;
  media?: string[];
  draft?: boolean;
  summary?: string;
  contentType?: string;
};

/** Creates a share as `owner` and returns its summary (throws unless 201). */
export async function createShare(owner: Person, input: ShareInput = {}) {
  const res = await api("/quickshare", {
    cookie: owner.cookie,
    json: { title: "A private note", content: "The tide pool at dawn.", price: "0", ...input },
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.share as { id: string; slug: string; urls: Record<string, string>; [k: string]: any };
}

export type ReadOpts = { wallet?: string; proof?: string; cookie?: string; headers?: Record<string, string> };

/** GET /quickshare/<slug>/access the way an agent does. */
export function access(slug: string, o: ReadOpts = {}) {
  const q = o.wallet ? `?wallet=${o.wallet}` : "";
  return api(`/quickshare/${slug}/access${q}`, { cookie: o.cookie, headers: { ...(o.proof ? { "x-svc-payment-proof": o.proof } : {}), ...o.headers } });
}

export function media(slug: string, kind: string, o: ReadOpts & { index?: number; download?: boolean; queryProof?: boolean } = {}) {
  const q = new URLSearchParams({ index: String(o.index ?? 0) });
  if (o.wallet) q.set("wallet", o.wallet);
  if (o.download) q.set("download", "1");
  if (o.proof && o.queryProof) q.set("proof", o.proof);
  const headers: Record<string, string> = { ...o.headers };
  if (o.proof && !o.queryProof) headers["x-svc-payment-proof"] = o.proof;
  if (o.cookie) headers.cookie = o.cookie;
  return fetch(`${HUB_URL}/quickshare/${slug}/media/${kind}?${q}`, { headers });
}

let secrets: { UNLOCK_PROOF_SECRET: string } | undefined;
/** The hub's generated unlock-proof secret (DATA_DIR/secrets.json), to mint legacy and expired proofs. */
export function proofSecret(): string {
  secrets ??= JSON.parse(readFileSync(path.join(process.env.DATA_DIR!, "secrets.json"), "utf8"));
  return secrets!.UNLOCK_PROOF_SECRET;
}

export function mintProof(shareId: string, wallet: string, iat: number | null) {
  return signUnlockProof({ secret: proofSecret(), proofId: shareId, wallet, iat });
}

let database: Db | undefined;
/** The hub's database, for arranging states no route creates (legacy shares) and asserting what was recorded. */
export function db(): Db {
  database ??= createDb(process.env.DATABASE_URL!);
  return database;
}

export async function closeDb() {
  await database?.$disconnect();
  database = undefined;
}

/** Grants an entitlement directly (as a settled purchase would), for rules that start from "has paid". */
export async function giveEntitlement(shareId: string, wallet: string, status: "active" | "revoked" | "banned" = "active") {
  await db().entitlement.upsert({
    where: { resourceKey_wallet: { resourceKey: `qs:${shareId}`, wallet } },
    create: { resourceKey: `qs:${shareId}`, wallet, status, source: "payment" },
    update: { status },
  });
}

export function blobPath(ref: string) {
  return path.join(process.env.DATA_DIR!, "blobs", ref);
}

/** Polls `fn` until it returns true or the deadline passes. */
export async function until(fn: () => Promise<boolean>, { timeoutMs = 15_000, what = "condition" } = {}) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
