// Fails any browser spec whose pages log a console error or throw an uncaught error, unless the spec
// names that error as expected. Registered as an auto fixture in fixtures.ts, so every spec gets it.
import type { ConsoleMessage, Fixtures, Page, PlaywrightTestArgs, PlaywrightTestOptions, TestInfo } from "@playwright/test";

/** A pattern an expected error's text must match (a string matches as a substring). */
export type ExpectedError = string | RegExp;

export type ConsoleGuardOptions = {
  /**
   * Console or page errors this spec expects, e.g. the 402 a browser logs when a page asks for paid
   * content before paying: `test.use({ expectedConsoleErrors: [/status of 402/] })`. Name several
   * with one alternation (/a|b/): in `test.use`, Playwright reads a two-item array as [value, options].
   */
  expectedConsoleErrors: ExpectedError[] | ExpectedError;
};

export type ConsoleErrors = {
  /** Every console error and page error seen so far in this test, with the page's URL. */
  seen: string[];
  /** Expects one more kind of error from here on (for a spec that provokes it halfway). */
  allow(pattern: ExpectedError): void;
};

export type ConsoleGuardFixtures = { consoleErrors: ConsoleErrors; _consoleGuard: void };

const matches = (text: string, pattern: ExpectedError) => (typeof pattern === "string" ? text.includes(pattern) : pattern.test(text));

function describe(msg: ConsoleMessage) {
  const loc = msg.location();
  const where = loc.url ? ` (${loc.url}${loc.lineNumber ? `:${loc.lineNumber}` : ""})` : "";
  return `console.error on ${msg.page()?.url() ?? "?"}: ${msg.text()}${where}`;
}

function attach(page: Page, seen: string[]) {
  page.on("console", (msg) => {
    if (msg.type() === "error") seen.push(describe(msg));
  });
  page.on("pageerror", (err) => seen.push(`page error on ${page.url()}: ${err.stack ?? err.message}`));
}

type Allowing = ConsoleErrors & { allowed: ExpectedError[] };

export const consoleGuard: Fixtures<ConsoleGuardOptions & ConsoleGuardFixtures, object, PlaywrightTestArgs & PlaywrightTestOptions> = {
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: async ({ context, expectedConsoleErrors }, provide) => {
    const seen: string[] = [];
    // Every page of the test's context: the first one and any a spec or the app opens later.
    for (const page of context.pages()) attach(page, seen);
    context.on("page", (page) => attach(page, seen));
    const errors: Allowing = { seen, allowed: [expectedConsoleErrors].flat(), allow: (p) => void errors.allowed.push(p) };
    await provide(errors);
  },
  _consoleGuard: [
    async ({ consoleErrors }, run, testInfo: TestInfo) => {
      await run();
      const { seen, allowed } = consoleErrors as Allowing;
      const unexpected = seen.filter((text) => !allowed.some((p) => matches(text, p)));
      if (unexpected.length === 0) return;
      const report = `${unexpected.length} unexpected console/page error(s); a spec names the ones it expects with test.use({ expectedConsoleErrors }) or consoleErrors.allow():\n  ${unexpected.join("\n  ")}`;
      // A test that failed already keeps its own error first; the console lines go along as an attachment.
      if (testInfo.status !== testInfo.expectedStatus) return void (await testInfo.attach("console-errors", { body: report, contentType: "text/plain" }));
      throw new Error(report);
    },
    { auto: true },
  ],
};
