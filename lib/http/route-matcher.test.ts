import { describe, expect, it } from "vitest";
import { API_ROUTES } from "./api-routes";
import { routeMatcher, segments } from "./route-matcher";

describe("routeMatcher (the guard's and the metrics' one matcher)", () => {
  const match = routeMatcher([
    ["/hub/sites/[websiteId]", "site"], ["/hub/sites/register", "register"], ["/qs/[slug]", "share"], ["/qs/[slug]/media/[kind]", "media"],
    ["/uploads/[...path]", "uploads"], ["/docs/[[...rest]]", "docs"], ["/(group)/about", "about"], ["/", "home"],
  ]);
  it.each([
    ["/hub/sites/register", "register"], ["/hub/sites/abc", "site"], ["/hub/sites/abc/", "site"], ["/hub//sites/abc", "site"], ["/qs/x", "share"],
    ["/qs/x/media/video", "media"], ["/uploads/a/b.png", "uploads"], ["/docs", "docs"], ["/docs/a/b", "docs"], ["/about", "about"], ["/", "home"],
  ])("%s is %s (a static segment wins, as in Next)", (p, value) => {
    expect(match(p)?.value).toBe(value);
  });
  it.each(["/uploads", "/hub/sites", "/qs/x/media", "/nope"])("%s matches nothing", (p) => {
    expect(match(p)).toBeUndefined();
  });

  it("tries a path against the patterns its first segment allows, and finds what the whole table would", () => {
    const withOpen = routeMatcher([["/hub/[id]", "hub-item"], ["/[blog]/feed", "any-feed"], ["/[a]/[b]", "two"], ["/hub/feed", "hub-feed"], ["/[blog]/rss", "any-rss"]]);
    expect(withOpen("/hub/rss")?.value).toBe("any-rss");
    expect(withOpen("/hub/feed")?.value).toBe("hub-feed");
    expect(withOpen("/hub/x")?.value).toBe("hub-item");
    expect(withOpen("/news/feed")?.value).toBe("any-feed");
    expect(withOpen("/news/x")?.value).toBe("two");
    expect(withOpen("/")).toBeUndefined();
    // Over the app's own API table: every pattern made into a path, and a few paths off it, as a scan of
    // the table in the matcher's order (fewest dynamic segments, then the longer pattern) finds them.
    const patterns = API_ROUTES.map(([pattern]) => pattern);
    const matcher = routeMatcher(patterns.map((p) => [p, p] as const));
    const dynamic = (p: string) => segments(p).filter((s) => s.startsWith("[")).length;
    const ordered = [...patterns].sort((a, b) => dynamic(a) - dynamic(b) || b.length - a.length);
    const scan = (path: string) => ordered.find((p) => routeMatcher([[p, p]])(path));
    const paths = patterns.flatMap((p) => [p.replace(/\[\[?\.\.\.\w+\]?\]/g, "a/b").replace(/\[\w+\]/g, "x1"), p.replace(/\[[^/]+\]/g, "y")]);
    paths.push("/", "/nope", "/hub", "/hub/nope/deeper", "/sb/x/api/nope");
    for (const path of paths) expect(matcher(path)?.value, path).toBe(scan(path));
  });
});
