import { describe, expect, it } from "vitest";
import { routeMatcher } from "./route-matcher";

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
});
