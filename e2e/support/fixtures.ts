// The one Playwright fixture every browser spec imports `test` and `expect` from, so that checks that
// must hold on every page of every spec (console errors, CSP violations, …) are added once, here.
import { test as base } from "@playwright/test";
import { consoleGuard, type ConsoleGuardFixtures, type ConsoleGuardOptions } from "./console-guard";
import { cspGuard, type CspGuardFixtures } from "./csp-guard";

export const test = base.extend<ConsoleGuardOptions & ConsoleGuardFixtures & CspGuardFixtures>({ ...consoleGuard, ...cspGuard });
export { expect } from "@playwright/test";
export type { Page } from "@playwright/test";
