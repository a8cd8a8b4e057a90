// After a test run: the hub's captured log must not contain any configured secret, session cookie or
// private key (issue 18: secrets, keys, cookies, sign-in signatures and provider keys never appear in logs).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// anvil's dev relayer key (the tests' hub signs with it when RELAYER_PRIVATE_KEY is not set).
const ANVIL_OPERATOR_KEY = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

/** Throws naming what leaked (never the value) when the log holds a secret of `env`. */
export function checkLogForSecrets({ logFile, env }) {
  if (!existsSync(logFile)) throw new Error(`no hub log at ${logFile}`);
  const log = readFileSync(logFile, "utf8");
  const generated = path.join(env.DATA_DIR, "secrets.json");
  const secrets = {
    ...(existsSync(generated) ? JSON.parse(readFileSync(generated, "utf8")) : {}),
    ...pick(env, ["SESSION_PASSWORD", "UNLOCK_PROOF_SECRET", "BLOB_KEY", "PEER_SECRET", "JUDGE_API_KEY", "METRICS_TOKEN", "S3_SECRET_ACCESS_KEY", "RELAYER_PRIVATE_KEY"]),
    RELAYER_PRIVATE_KEY_DEFAULT: ANVIL_OPERATOR_KEY,
  };
  const leaked = Object.entries(secrets).filter(([, v]) => typeof v === "string" && v.length >= 8 && log.toLowerCase().includes(v.toLowerCase().replace(/^0x/, "")));
  const cookies = /(?:^|[^a-z_])(?:sb_)?auth_session=[^;\s"]{16,}/.exec(log);
  const problems = [...leaked.map(([k]) => k), ...(cookies ? ["a session cookie"] : [])];
  if (problems.length) throw new Error(`the hub's log (${logFile}) contains: ${problems.join(", ")}`);
  const lines = log.split("\n").filter(Boolean).length;
  console.log(`  ${lines} log lines checked: no configured secret, key or session cookie`);
}

function pick(o, keys) {
  return Object.fromEntries(keys.filter((k) => o[k]).map((k) => [k, o[k]]));
}
