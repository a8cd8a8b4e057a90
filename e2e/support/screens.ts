// Screenshots for people: each reader page at desktop and phone width, into test-results/screenshots/ (gitignored).
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

const DIR = path.join(process.cwd(), "test-results", "screenshots");
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Saves `<name>-desktop.png` and `<name>-phone.png` of the page as it is now, then restores desktop width. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(DIR, { recursive: true });
  const db = process.env.DATABASE_URL?.startsWith("postgres") ? "pg" : "sqlite";
  for (const [label, size] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(DIR, `${name}-${label}-${db}.png`), fullPage: true });
  }
}
