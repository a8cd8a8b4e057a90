import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { routeMatcher } from "@/lib/http/route-matcher";
import { processState } from "@/lib/process-state";

const match = processState("route-matchers", loadMatcher);

/**
 * The app route a request path belongs to, as its pattern ("/qs/[slug]/media/[kind]"), for metric
 * labels that stay few whatever the URLs. Read from the build's app-path-routes manifest, matched by the
 * app's one route matcher (lib/http/route-matcher.ts: a static route wins over a dynamic one). Legacy /api/… paths map to their route; anything else (static
 * files, hosted-blog hosts, unknown paths) is "(other)".
 */
export function routePattern(pathname: string): string {
  if (pathname.startsWith("/_next/")) return "/_next";
  const found = match()(pathname);
  if (found) return found.pattern;
  if (pathname.startsWith("/api/")) return routePattern(pathname.slice(4));
  return "(other)";
}

function loadMatcher(): ReturnType<typeof routeMatcher<null>> {
  const file = path.join(process.cwd(), ".next", "app-path-routes-manifest.json");
  if (!existsSync(file)) return () => undefined;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  const patterns = [...new Set(Object.values(manifest))].filter((p) => !p.startsWith("/_"));
  return routeMatcher(patterns.map((p) => [p, null] as const));
}
