// The demo content `npm start` seeds (scripts/lib/demo-content.mjs, through the hub's API), for browser
// suites that use it: seeded before the suite, and its blog removed after it (posts first, so they leave
// explore), so later suites see only their own content.
import { privateKeyToAccount } from "viem/accounts";
import { DEV_ROLES, devAccount } from "../../scripts/lib/dev-accounts.mjs";
import { seedDemoContent } from "../../scripts/lib/demo-content.mjs";
import { blogRequest, blogSignIn } from "./blog";
import type { test as baseTest } from "./fixtures";
import { removeSites } from "./db";
import { HUB_URL } from "./hub";
import { db } from "./quickshare";

export type DemoContent = Awaited<ReturnType<typeof seedDemoContent>>;

/** The demo creator (anvil's first creator account), who owns the demo blog. */
export const demoCreator = devAccount(DEV_ROLES.creators[0]);

/** Seeds the demo in the suite's beforeAll and removes its blog in afterAll; `demo()` is what was seeded. */
export function demoForSuite(test: typeof baseTest): () => DemoContent {
  let demo: DemoContent | undefined;
  test.beforeAll(async () => {
    demo = await seedDemoContent({ hubUrl: HUB_URL, creatorKey: demoCreator.privateKey });
  });
  test.afterAll(async () => {
    if (!demo) return;
    const cookie = await blogSignIn(demo.blog.domain, privateKeyToAccount(demoCreator.privateKey as `0x${string}`));
    const posts = (await blogRequest(demo.blog.domain, "/api/admin/posts", { cookie })).body.posts as { id: string }[];
    for (const p of posts) await blogRequest(demo.blog.domain, `/api/admin/posts/${p.id}`, { method: "DELETE", cookie });
    const sites = await db().site.findMany({ where: { domain: demo.blog.domain }, select: { id: true } });
    await removeSites(
      db(),
      sites.map((s) => s.id),
    );
  });
  return () => {
    if (!demo) throw new Error("the demo content is seeded in beforeAll");
    return demo;
  };
}
