import { vi } from "vitest";

/**
 * Stubs the configuration a unit test's in-process route handlers read (lib/env parses it on first
 * use, once per test file): fixed secrets so nothing is written to DATA_DIR, plus `over`.
 * Undo with vi.unstubAllEnvs().
 */
export function stubHubEnv(over: Record<string, string>) {
  const base: Record<string, string> = {
    SESSION_PASSWORD: "s".repeat(32),
    UNLOCK_PROOF_SECRET: "u".repeat(32),
    PEER_SECRET: "p".repeat(32),
    BLOB_KEY: "0".repeat(64),
    DATABASE_URL: "file:/nonexistent/unit-tests-use-no-database.db",
    REDIS_URL: "",
    JUDGE_BASE_URL: "",
  };
  for (const [k, v] of Object.entries({ ...base, ...over })) vi.stubEnv(k, v);
}
