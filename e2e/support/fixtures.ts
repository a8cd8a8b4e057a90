// The one Playwright fixture every browser spec imports `test` and `expect` from, so that checks that
// must hold on every page of every spec (console errors, CSP violations, …) are added once, here.
import { test as base } from "@playwright/test";
import { cspGuard, type CspGuardFixtures } from "./csp-guard";

export const test = base.extend<CspGuardFixtures>({ ...cspGuard });
export { expect } from "@playwright/test";
export type { Page } from "@playwright/test";
