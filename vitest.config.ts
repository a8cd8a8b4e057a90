import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = {
  "@": root,
  // `server-only` throws outside Next's server bundle; plain Node tests may import server modules.
  "server-only": path.join(root, "e2e/support/empty.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Contract and API tests share one chain and one hub: run files one after another.
    fileParallelism: false,
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["lib/**/*.test.ts"], environment: "node", testTimeout: 30_000 } },
      {
        resolve: { alias },
        test: {
          name: "contracts",
          include: ["contracts/test/**/*.test.ts"],
          globalSetup: ["contracts/test/setup.ts"],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        // Drives a running hub over HTTP (HUB_URL); scripts/test.mjs starts one per database.
        // One retry: on a saturated 2-core machine two chain-timing tests (x402-bad-payments "nonce
        // already spent", the 600-event rate test) have failed once; see the README's Tests section.
        // Setup hooks (fixtures, sign-ins, example sites, extra hubs) get a minute: on a loaded machine
        // Vitest's default 10 s skipped whole files.
        // A retried test's first failure is printed all the same (e2e/support/report-retried-failures.ts).
        test: { name: "integration", include: ["e2e/api/**/*.test.ts"], exclude: ["e2e/api/scale*.test.ts"], setupFiles: ["e2e/support/report-retried-failures.ts"], testTimeout: 30_000, hookTimeout: 60_000, retry: 1 },
      },
      {
        resolve: { alias },
        // Two hub instances behind a round-robin balancer (HUB_URL), started by scripts/test.mjs's scale stage.
        test: { name: "scale", include: ["e2e/api/scale*.test.ts"], testTimeout: 120_000 },
      },
      {
        resolve: { alias },
        // The start command (scripts/up.mjs) started for real, with its own ports and data; scripts/test.mjs's start stage.
        test: { name: "start", include: ["e2e/start/**/*.test.ts"], testTimeout: 240_000, hookTimeout: 60_000 },
      },
    ],
  },
});
