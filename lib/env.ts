import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { zAddress, zHex } from "@/lib/schemas/hex";
import { parseTrustedProxies } from "./http/trusted-proxies";

/**
 * The hub's configuration, read from the environment once and validated. Nothing else reads
 * process.env. Secrets that are not configured are generated once into DATA_DIR/secrets.json
 * (mode 0600) so a development hub keeps its sessions and proofs across restarts; several app
 * instances must be given the same secrets explicitly.
 */

// anvil's public development keys: usable only against a loopback testnet chain.
const ANVIL_OPERATOR_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const ANVIL_TREASURY = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

const address = zAddress("must be a 0x address");
const secret = z.string().min(32, "must be at least 32 characters");
const port = z.coerce.number().int().min(1, "must be a port number from 1 to 65535").max(65535, "must be a port number from 1 to 65535");
const boolish = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

// A comma-separated list of origins (scheme://host[:port]), each normalised to its origin.
const originList = z
  .string()
  .default("")
  .transform((v) => v.split(",").map((o) => o.trim()).filter(Boolean))
  .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be an http(s) origin" }).transform((u) => new URL(u).origin)));

/**
 * Every variable the hub reads, one entry each. Add a variable here (and, when its rule is not
 * obvious from the schema, an example under VALID below); the start command, server.mjs and the
 * running server all check the configuration against this one schema.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  NETWORK_MODE: z.enum(["testnet", "mainnet"]).default("testnet"),
  HUB_ORIGIN: z.url().default("http://localhost:3000"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  RPC_URL: z.url().default("http://127.0.0.1:8545"),
  PUBLIC_RPC_URL: z.url().optional(),
  USDC_ADDRESS: address.default("0x3600000000000000000000000000000000000000"),
  GATEWAY_WALLET_ADDRESS: address.default("0x0077777d7EBA4688BDeF3E311b846F25870A19B9"),
  HOLDING_BOX_FACTORY_ADDRESS: address.optional(),
  FEE_WALLET_FACTORY_ADDRESS: address.optional(),
  REPUTATION_ADDRESS: address.optional(),
  RELAYER_PRIVATE_KEY: zHex("must be 0x followed by 64 hex digits", 64).optional(),
  TREASURY_ADDRESS: address.optional(),
  SELLER_ADDRESS: address.optional(),
  SESSION_PASSWORD: secret.optional(),
  UNLOCK_PROOF_SECRET: secret.optional(),
  BLOB_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 32 bytes of hex").optional(),
  PEER_SECRET: secret.optional(),
  /** secp256k1 key (0x + 64 hex) that signs x402 offers and receipts; generated once into DATA_DIR/receipt-signing-key when unset. */
  RECEIPT_SIGNING_KEY: zHex("must be 0x followed by 64 hex digits", 64).optional(),
  REDIS_URL: z.string().optional(),
  /** auto: the browser's wallet list offers the demo wallets (anvil's public keys) on a testnet hub whose chain (RPC_URL and PUBLIC_RPC_URL) is loopback; off: never. */
  DEMO_WALLET: z.enum(["auto", "off"]).default("auto"),
  PEER_HUB_URL: z.url().optional(),
  // Block explorer for transaction links (e.g. https://testnet.arcscan.app); unset: the hub's own /ledger/tx pages only.
  EXPLORER_URL: z.url().optional().transform((u) => u?.replace(/\/+$/, "")),
  EVENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  SITE_VERIFICATION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // The x402 facilitator (/facilitator): the largest single payment it verifies or settles, in USDC, so a leaked site key cannot drain anyone.
  // Facilitator calls (verify and settle together) one site may make per minute; 429 beyond.
  FACILITATOR_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  FACILITATOR_MAX_AMOUNT: z.string().regex(/^(0|[1-9]\d*)(\.\d{1,6})?$/, "must be a USDC amount like 5 or 0.25").default("5"),
  // Tests and local development only: "host" or "host=ip:port" entries the site fetcher may reach
  // although they resolve to loopback/private addresses. Empty (strict) by default.
  SITE_FETCH_ALLOW_HOSTS: z.string().default(""),
  SECURE_COOKIES: boolish.optional(),
  // Hosted blogs: extra `requestHost=blogDomain` entries (comma-separated) routed to a blog, on top of
  // every non-hub host (a blog's own domain, or <name>.localhost in development).
  BLOG_HOST_MAP: z.string().default(""),
  // New hosted blogs are <name>.<BLOG_ROOT_DOMAIN> unless given a custom domain.
  BLOG_ROOT_DOMAIN: z.string().regex(/^[a-z0-9.-]+$/).default("localhost"),
  // Blob storage: the local filesystem under DATA_DIR/blobs, or an S3-compatible bucket.
  BLOB_STORE: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().default(""),
  S3_FORCE_PATH_STYLE: boolish.default(true),
  // Decision helpers (/hub/judge/*): an OpenAI-compatible provider, or the embedded local scorer.
  DECISIONS_ENABLED: boolish.default(true),
  JUDGE_BASE_URL: z.url().or(z.literal("")).optional(),
  JUDGE_API_KEY: z.string().optional(),
  JUDGE_MODEL: z.string().min(1).default("gpt-4o-mini"),
  JUDGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  JUDGE_LOGPROBS: z.enum(["auto", "on", "off"]).default("auto"),
  // Extra browser origins allowed to call POST /mcp (comma-separated); the hub's own origin always is.
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url())),
  // Browser security headers (lib/http/security-headers.ts). Origins (comma-separated) allowed to frame
  // the hub's and blogs' pages; empty: no site may (frame-ancestors 'none', X-Frame-Options DENY).
  FRAME_ANCESTORS: originList,
  // Extra origins pages may load images, audio and video from (a CDN in front of media); the hub's own always.
  CSP_MEDIA_ORIGINS: originList,
  // Gateway batch settler: how often the in-server settler runs (0 turns it off, e.g. when a separate
  // `npm run settle -- --watch` worker settles), and how many authorizations go into one batch.
  SETTLE_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  SETTLE_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(50),
  // Signed webhooks (docs/webhooks.md): how often the delivery worker runs (0 turns it off; one
  // instance at a time delivers, elected by a lease), how long one attempt may take, and the first
  // retry's wait (doubling after every failure, for about a day).
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(0).default(2_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  // Gateway deposit index (lib/x402/gateway-index): how often this process follows the Gateway
  // Wallet's events into the database (0 turns the index off: every Gateway payment reads its deposit
  // and nonce on chain), and how old the last completed pass may be before payments stop trusting it
  // and read the chain again.
  GATEWAY_INDEX_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  GATEWAY_INDEX_MAX_LAG_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  // Worker processes `npm start` (server.mjs) serves with, sharing one port: one per core when unset;
  // 1 serves in a single process. Singleton jobs still run once (database leases), docs/workers.md.
  HUB_WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  // Once a turn of a worker's event loop has run past four times this while new connections arrive, how
  // long a turn may start new requests for (lib/lifecycle/turn-gate.ts): past it, later requests wait for
  // the next turns in arrival order, so a saturated hub still accepts new connections within about a
  // budget's time. 0 starts every request at once.
  HUB_TURN_BUDGET_MS: z.coerce.number().int().min(0).max(1_000).default(10),
  // How far V8 lets each serving process's heap grow past what it held after its last full collection,
  // in percent (lib/heap-growth.mjs, used by server.mjs): 50 by default, so the committed heap, and the
  // RSS, follow the live heap; 0 leaves the factor to V8 (up to 300 %). Not a limit: a heap that needs
  // more still grows.
  HUB_HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1_000).default(50),
  // Public read answers (explore, ledger, stats, leaderboards, sitemaps, discovery, share meta) are kept
  // in memory this long (lib/http/read-cache.ts); a write through this instance drops them at once.
  // 0 turns the cache off.
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  // The secp256k1 curve offers and receipts are signed with (lib/crypto/secp256k1.ts): the native
  // binding when it loads (auto), or the JavaScript one (js). Both give the same signatures.
  SECP256K1: z.enum(["auto", "js"]).default("auto"),
  // Tests only: quickshare reads may name the time they are decided at (header x-hub-test-now), so
  // tests move a share past its expiry or a proof past its 12-hour window without waiting. Refused
  // unless the hub is a testnet hub on a loopback chain.
  HUB_TEST_CLOCK: boolish.default(false),
  // Hostile input and money safety (issue 14). TRUSTED_PROXIES: whose X-Forwarded-For the rate
  // limits believe: empty (nobody: the connection's own address counts), a hop count ("1": one
  // proxy in front), or comma-separated addresses/CIDRs of the proxies ("10.0.0.0/8,127.0.0.1").
  TRUSTED_PROXIES: z.string().default(""),
  // Tests only: a request may name a fault to inject (header x-hub-test-fault, e.g.
  // record-after-chain: recording a plain EIP-3009 payment fails once after its on-chain transfer).
  // Refused unless the hub is a testnet hub on a loopback chain, like HUB_TEST_CLOCK.
  HUB_TEST_FAULTS: boolish.default(false),
  // Check every declared JSON answer against its schema (always on outside production; the test runner
  // sets it for the built server): a route answering off its OpenAPI schema fails with 500 (lib/http/route.ts).
  HUB_CHECK_ANSWERS: boolish.default(false),
  // Operations: GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>` (unset or empty: 404);
  // OPERATOR_WALLETS (comma-separated) may open /ops; LOG_LEVEL of the JSON log on stdout.
  METRICS_TOKEN: z.string().optional().transform((v) => v || undefined).pipe(secret.optional()),
  OPERATOR_WALLETS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((w) => w.trim()).filter(Boolean))
    .pipe(z.array(address)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // json: one JSON object per line (files, collectors); pretty: readable lines with a request summary
  // (pino-pretty); auto: pretty when stdout is a terminal, else json.
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
  // Read by the start command and server.mjs: ports, listen address, and how long a stop may take.
  PORT: port.default(3000),
  CHAIN_PORT: port.default(8545),
  HOST: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
});

/** What a valid value looks like, for variables whose rule the schema's message does not show. */
const VALID: Partial<Record<keyof typeof configSchema.shape, string>> = {
  HUB_ORIGIN: "an http(s) URL, e.g. https://hub.example.com",
  RPC_URL: "an http(s) URL, e.g. http://127.0.0.1:8545",
  PUBLIC_RPC_URL: "an http(s) URL, e.g. https://rpc.testnet.arc.network",
  PEER_HUB_URL: "an http(s) URL, e.g. https://testnet.hub.example",
  EXPLORER_URL: "an http(s) URL, e.g. https://testnet.arcscan.app",
  S3_ENDPOINT: "an http(s) URL, e.g. http://127.0.0.1:9000",
  JUDGE_BASE_URL: "an http(s) URL, e.g. https://api.openai.com/v1, or empty",
  RELAYER_PRIVATE_KEY: "0x followed by 64 hex digits",
  RECEIPT_SIGNING_KEY: "0x followed by 64 hex digits, or unset (generated into DATA_DIR)",
  BLOB_KEY: "64 hex digits, e.g. the output of `openssl rand -hex 32`, or unset (generated into DATA_DIR)",
  SESSION_PASSWORD: "at least 32 characters, e.g. the output of `openssl rand -hex 32`, or unset (generated into DATA_DIR)",
  UNLOCK_PROOF_SECRET: "at least 32 characters, e.g. the output of `openssl rand -hex 32`, or unset (generated into DATA_DIR)",
  PEER_SECRET: "at least 32 characters, e.g. the output of `openssl rand -hex 32`, or unset (generated into DATA_DIR)",
  METRICS_TOKEN: "at least 32 characters, e.g. the output of `openssl rand -hex 32`, or unset (then /metrics answers 404)",
  OPERATOR_WALLETS: "comma-separated 0x addresses, e.g. 0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  MCP_ALLOWED_ORIGINS: "comma-separated http(s) origins, e.g. https://agent.example,https://app.example",
  FRAME_ANCESTORS: "comma-separated http(s) origins, e.g. https://partner.example",
  CSP_MEDIA_ORIGINS: "comma-separated http(s) origins, e.g. https://cdn.example",
  BLOG_ROOT_DOMAIN: "a lowercase domain, e.g. blogs.example.com",
  TRUSTED_PROXIES: "empty, a hop count (1), or comma-separated addresses/CIDRs (10.0.0.0/8,127.0.0.1)",
  PORT: "a port number from 1 to 65535, e.g. 3000",
  CHAIN_PORT: "a port number from 1 to 65535, e.g. 8545",
};
for (const key of ["USDC_ADDRESS", "GATEWAY_WALLET_ADDRESS", "HOLDING_BOX_FACTORY_ADDRESS", "FEE_WALLET_FACTORY_ADDRESS", "REPUTATION_ADDRESS", "TREASURY_ADDRESS", "SELLER_ADDRESS"] as const)
  VALID[key] ??= "a 0x address of 40 hex digits, e.g. 0x90F79bf6EB2c4f870365E785982E1f101E93b906";

/** One thing wrong with the configuration, in plain words. */
export type ConfigProblem = { variable: string; problem: string; valid?: string };

/** Thrown by getEnv() when the configuration is invalid; carries every problem at once. */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(formatConfigProblems(problems));
    this.name = "ConfigError";
  }
}

const SECRET_NAMES = /PASSWORD|SECRET|KEY|TOKEN/;

/**
 * Every problem with a configuration (process.env by default), without side effects: the schema's
 * field rules and the rules that join fields. Empty when the configuration is valid.
 */
export function configProblems(source: Record<string, string | undefined> = process.env): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? "(configuration)");
      if (seen.has(variable)) continue; // one line per variable: the first rule it breaks
      seen.add(variable);
      const raw = source[variable];
      const shown = raw === undefined ? "" : SECRET_NAMES.test(variable) ? ` (a value of ${raw.length} character${raw.length === 1 ? "" : "s"})` : ` (got "${raw}")`;
      const options = issue.code === "invalid_value" ? issue.values.map(String).filter(Boolean) : [];
      const valid = options.length ? `one of ${options.join(", ")}` : VALID[variable as keyof typeof VALID];
      const message =
        issue.code === "invalid_value" ? "is not one of the accepted values"
        : issue.code === "invalid_format" && issue.format === "url" ? "is not a valid URL"
        : issue.code === "invalid_type" && issue.expected === "number" ? "is not a number"
        : issue.message;
      problems.push({ variable, problem: `${message}${shown}`, valid });
    }
  }
  // Rules across fields, on the fields that parsed.
  const field = <K extends keyof typeof configSchema.shape>(k: K) => {
    const r = configSchema.shape[k].safeParse(source[k]);
    return (r.success ? r.data : undefined) as z.output<(typeof configSchema.shape)[K]> | undefined;
  };
  const rpc = field("RPC_URL");
  const devChain = field("NETWORK_MODE") === "testnet" && rpc !== undefined && isLoopback(rpc);
  if (field("BLOB_STORE") === "s3") {
    for (const k of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
      if (!source[k]) problems.push({ variable: k, problem: "is required with BLOB_STORE=s3", valid: VALID[k] ?? "a non-empty value" });
  }
  for (const k of ["HUB_TEST_CLOCK", "HUB_TEST_FAULTS"] as const)
    if (field(k) && !devChain) problems.push({ variable: k, problem: "is for tests: only a testnet hub on a loopback chain (RPC_URL on 127.0.0.1 or localhost) may turn it on", valid: "unset, 0 or false" });
  if (!problems.some((p) => p.variable === "TRUSTED_PROXIES")) {
    try {
      parseTrustedProxies(source.TRUSTED_PROXIES ?? "");
    } catch (err) {
      problems.push({ variable: "TRUSTED_PROXIES", problem: (err as Error).message.replace(/^TRUSTED_PROXIES: /, ""), valid: VALID.TRUSTED_PROXIES });
    }
  }
  return problems;
}

/** The problems as a message a person can act on: one line per variable, what is wrong and what would do. */
export function formatConfigProblems(problems: ConfigProblem[]): string {
  const lines = problems.map((p) => `  ${p.variable}: ${p.problem}${p.valid ? `\n    expected: ${p.valid}` : ""}`);
  return `Invalid configuration (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${lines.join("\n")}\nFix these variables (see the README's Configuration table) and start again.`;
}

type Secrets = { SESSION_PASSWORD: string; UNLOCK_PROOF_SECRET: string; BLOB_KEY: string; PEER_SECRET: string };

function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Secrets;
  const fresh: Secrets = {
    SESSION_PASSWORD: randomBytes(32).toString("hex"),
    UNLOCK_PROOF_SECRET: randomBytes(32).toString("hex"),
    BLOB_KEY: randomBytes(32).toString("hex"),
    PEER_SECRET: randomBytes(32).toString("hex"),
  };
  mkdirSync(dataDir, { recursive: true });
  // If another process (a worker starting beside this one) won the race, read what it wrote.
  return writeOnce(file, JSON.stringify(fresh, null, 2)) ? fresh : (JSON.parse(readFileSync(file, "utf8")) as Secrets);
}

/**
 * Writes `file` whole or not at all (false: it exists): written beside it, then hard-linked into place,
 * so a process starting at the same moment never reads it half written.
 */
function writeOnce(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600, flag: "wx" });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

/** The receipt-signing key of DATA_DIR (generated once, readable by the hub only). */
function loadReceiptKey(dataDir: string): `0x${string}` {
  const file = path.join(dataDir, "receipt-signing-key");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeOnce(file, `0x${randomBytes(32).toString("hex")}\n`); // or another process wrote it first
  }
  return readFileSync(file, "utf8").trim() as `0x${string}`;
}

function isLoopback(url: string) {
  const host = new URL(url).hostname;
  return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
}

function load() {
  const problems = configProblems(process.env);
  if (problems.length) throw new ConfigError(problems);
  const raw = configSchema.parse(process.env);
  const dataDir = path.resolve(raw.DATA_DIR);
  const needsSecrets = !raw.SESSION_PASSWORD || !raw.UNLOCK_PROOF_SECRET || !raw.BLOB_KEY || !raw.PEER_SECRET;
  const generated = needsSecrets ? loadSecrets(dataDir) : undefined;
  // The anvil dev key and treasury are defaults only for a testnet hub on a loopback chain.
  const devChain = raw.NETWORK_MODE === "testnet" && isLoopback(raw.RPC_URL);
  const hubOrigin = new URL(raw.HUB_ORIGIN).origin;
  return {
    ...raw,
    HUB_ORIGIN: hubOrigin,
    DATA_DIR: dataDir,
    DATABASE_URL: raw.DATABASE_URL ?? `file:${path.join(dataDir, "hub.db")}`, // as hubDatabaseUrl (scripts/lib/migrate.mjs), which server.mjs uses
    PUBLIC_RPC_URL: raw.PUBLIC_RPC_URL ?? raw.RPC_URL,
    RELAYER_PRIVATE_KEY: raw.RELAYER_PRIVATE_KEY ?? (devChain ? ANVIL_OPERATOR_KEY : undefined),
    TREASURY_ADDRESS: raw.TREASURY_ADDRESS ?? (devChain ? ANVIL_TREASURY : undefined),
    SESSION_PASSWORD: raw.SESSION_PASSWORD ?? generated!.SESSION_PASSWORD,
    UNLOCK_PROOF_SECRET: raw.UNLOCK_PROOF_SECRET ?? generated!.UNLOCK_PROOF_SECRET,
    BLOB_KEY: raw.BLOB_KEY ?? generated!.BLOB_KEY,
    PEER_SECRET: raw.PEER_SECRET ?? generated!.PEER_SECRET,
    RECEIPT_SIGNING_KEY: raw.RECEIPT_SIGNING_KEY ?? loadReceiptKey(dataDir),
    SECURE_COOKIES: raw.SECURE_COOKIES ?? hubOrigin.startsWith("https:"),
    JUDGE_BASE_URL: raw.JUDGE_BASE_URL ? raw.JUDGE_BASE_URL.replace(/\/+$/, "") : undefined,
    JUDGE_API_KEY: raw.JUDGE_API_KEY || undefined,
    MCP_ALLOWED_ORIGINS: raw.MCP_ALLOWED_ORIGINS.map((o) => new URL(o).origin),
    DEV_CHAIN: devChain,
    DEMO_WALLET_ON: raw.DEMO_WALLET === "auto" && devChain && isLoopback(raw.PUBLIC_RPC_URL ?? raw.RPC_URL),
  };
}

export type Env = ReturnType<typeof load>;

let cached: Env | undefined;

/**
 * SECP256K1 alone, without the rest of the configuration: the curve is chosen where no other variable
 * may be set (unit tests, scripts). An unknown value is refused like any other.
 */
export function secp256k1Choice(source: Record<string, string | undefined> = process.env): "auto" | "js" {
  return configSchema.shape.SECP256K1.parse(source.SECP256K1 || undefined);
}

/** Parses the configuration on first use (not at import, so `next build` needs no secrets). */
export function getEnv(): Env {
  cached ??= load();
  return cached;
}

export const env: Env = new Proxy({} as Env, {
  get: (_target, key: string) => getEnv()[key as keyof Env],
});
