// The CSP guard: every browser spec runs against the production Content-Security-Policy the hub sends
// (lib/http/security-headers.ts), and a test fails if the browser reports any violation of it: a
// `securitypolicyviolation` event in any page or frame, or a console error about the policy (Chromium
// logs blocked frames, scripts and connections as "Refused to …"). Registered once, as an auto fixture,
// in fixtures.ts, so wagmi, RainbowKit, the paywall and every page are proven to work under the policy.
import { expect, type BrowserContext, type Fixtures, type PlaywrightTestArgs, type PlaywrightTestOptions, type PlaywrightWorkerArgs } from "@playwright/test";

export type CspGuardFixtures = {
  /** Violations a test provokes on purpose (e.g. a refused frame); each must match one of these. */
  allowedCspViolations: RegExp[];
  /** The violations seen so far in this test (read by tests that assert an expected refusal). */
  cspViolations: string[];
};

const BINDING = "__svcCspViolation";
const CONSOLE_CSP = /Content Security Policy|Content-Security-Policy|Refused to (load|execute|apply|frame|connect|evaluate|create)/i;

async function watch(context: BrowserContext, seen: string[]) {
  context.on("console", (msg) => {
    if (msg.type() === "error" && CONSOLE_CSP.test(msg.text())) seen.push(`console (${msg.location().url || "page"}): ${msg.text()}`);
  });
  await context.exposeBinding(BINDING, ({ frame }, text: string) => void seen.push(`${frame.url()}: ${text}`));
  await context.addInitScript((binding) => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as Record<string, (t: string) => void>)[binding];
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || "an inline resource"} at ${e.sourceFile || "?"}:${e.lineNumber}${e.sample ? ` (${e.sample})` : ""}`);
    });
  }, BINDING);
}

export const cspGuard: Fixtures<CspGuardFixtures, object, PlaywrightTestArgs & PlaywrightTestOptions, PlaywrightWorkerArgs> = {
  allowedCspViolations: [[], { option: true }],
  cspViolations: [
    async ({ context, browser, allowedCspViolations }, provide) => {
      const seen: string[] = [];
      await watch(context, seen);
      // Contexts a test opens itself (e.g. with JavaScript off) are watched too.
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const created = await newContext.apply(browser, args);
        await watch(created, seen);
        return created;
      };
      try {
        await provide(seen);
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = seen.filter((v) => !allowedCspViolations.some((re) => re.test(v)));
      expect(unexpected, "Content-Security-Policy violations in this test").toEqual([]);
    },
    { auto: true },
  ],
};
