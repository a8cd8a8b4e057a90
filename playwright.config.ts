import { defineConfig } from "@playwright/test";

// Browser tests run against a hub that scripts/test.mjs has started (HUB_URL), in Debian's Chromium,
// with every outside host unresolvable (but *.localhost, the hosted blogs) so a page that reaches off the machine fails loudly.
export default defineConfig({
  testDir: "./e2e/browser",
  timeout: 60_000,
  workers: 1,
  // One retry: a test that passes only on its retry is reported as flaky by name in `npm test`'s summary
  // (a slow CI machine should not throw away a run over one timing-sensitive step); failing twice fails.
  retries: Number(process.env.PW_RETRIES ?? 1),
  reporter: [["list"]],
  // scripts/test.mjs gives each database's stack its own folder for traces and screenshots.
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL: process.env.HUB_URL ?? "http://127.0.0.1:3999",
    browserName: "chromium",
    // A trace is recorded on a failed test's retry only (PW_TRACE overrides: retain-on-failure, on, off):
    // recording every test's snapshots to throw them away cost CPU on every action of every test.
    trace: (process.env.PW_TRACE ?? "on-first-retry") as "on-first-retry" | "retain-on-failure" | "on" | "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic",
        // Hosted blogs are <name>.localhost: those (only) map to loopback, the Host header keeps the name.
        "--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
      ],
    },
  },
});
