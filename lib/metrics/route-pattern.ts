import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { processState } from "@/lib/process-state";

type Matcher = { pattern: string; regex: RegExp; dynamic: number };

const routeMatchers = processState("route-matchers", loadMatchers);

/**
 * The app route a request path belongs to, as its pattern ("/qs/[slug]/media/[kind]"), for metric
 * labels that stay few whatever the URLs. Read from the build's app-path-routes manifest; a static
 * route wins over a dynamic one. Legacy /api/… paths map to their route; anything else (static
 * files, hosted-blog hosts, unknown paths) is "(other)".
 */
export function routePattern(pathname: string): string {
  if (pathname.startsWith("/_next/")) return "/_next";
  const matchers = routeMatchers();
  const found = matchers.find((m) => m.regex.test(pathname));
  if (found) return found.pattern;
  if (pathname.startsWith("/api/")) return routePattern(pathname.slice(4));
  return "(other)";
}

function loadMatchers(): Matcher[] {
  const file = path.join(process.cwd(), ".next", "app-path-routes-manifest.json");
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const patterns = [...new Set(Object.values(manifest))].filter((p) => !p.startsWith("/_"));
  return patterns
    .map((pattern) => ({ pattern, regex: compile(pattern), dynamic: (pattern.match(/\[/g) ?? []).length }))
    .sort((a, b) => a.dynamic - b.dynamic || b.pattern.length - a.pattern.length);
}

function compile(pattern: string): RegExp {
  const parts = pattern
    .split("/")
    .filter(Boolean)
    .filter((seg) => !/^\(.*\)$/.test(seg)) // route groups are not in the URL
    .map((seg) => {
      if (/^\[\[\.\.\..+\]\]$/.test(seg)) return "(?:/.*)?";
      if (/^\[\.\.\..+\]$/.test(seg)) return "/.+";
      if (/^\[.+\]$/.test(seg)) return "/[^/]+";
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    });
  return new RegExp(`^${parts.join("") || "/"}/?$`);
}
