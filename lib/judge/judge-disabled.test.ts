import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vi } from "vitest";
import { POST as classify } from "@/app/hub/judge/classify/route";
import { POST as decide } from "@/app/hub/judge/decide/route";
import { POST as tags } from "@/app/hub/judge/tags/route";
import { suggestTags } from "./suggest-tags";
import { stubHubEnv } from "@/e2e/support/hub-env";

// A hub deployed with DECISIONS_ENABLED=false, exercised through the real route handlers in process
// (the API tests' hub has decisions on: one hub per database run, configured once).
beforeAll(() => stubHubEnv({ DECISIONS_ENABLED: "false", JUDGE_BASE_URL: "http://127.0.0.1:9/v1" }));
afterAll(() => vi.unstubAllEnvs());

const call = (handler: (req: NextRequest) => Promise<Response>, body: unknown) =>
  handler(new NextRequest("http://127.0.0.1/hub/judge/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "x-hub-peer-addr": "203.0.113.9" } }));

describe("decisions disabled (DECISIONS_ENABLED=false)", () => {
  it.each([
    ["decide", decide, { state: "s", instructions: "i", candidates: [{ id: "a" }, { id: "b" }] }],
    ["classify", classify, { state: "s" }],
    ["tags", tags, { state: "s", candidates: ["a", "b"] }],
  ] as const)("POST /hub/judge/%s answers 501", async (_name, handler, body) => {
    const res = await call(handler, body);
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({ error: "Not enabled", details: "Decisions are not enabled on this hub (DECISIONS_ENABLED=false)", code: "not-implemented" });
  });

  it("still validates input first (400 names the field)", async () => {
    const res = await call(decide, { state: "s", instructions: "i", candidates: [{ id: "a" }] });
    expect(res.status).toBe(400);
    expect((await res.json()).details).toContain("candidates:");
  });

  it("suggestTags returns no tentative tags and keeps publisher tags", async () => {
    expect(await suggestTags({ title: "A lofi album", candidates: ["lofi", "music"] })).toEqual({ tags: [], tentative: false, model: null });
    expect(await suggestTags({ title: "x", candidates: ["lofi", "music"], publisherTags: ["jazz"] })).toEqual({ tags: ["jazz"], tentative: false, model: null });
  });
});
