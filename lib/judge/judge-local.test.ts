import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as classify } from "@/app/hub/judge/classify/route";
import { POST as decide } from "@/app/hub/judge/decide/route";
import { POST as tags } from "@/app/hub/judge/tags/route";
import { LOCAL_MODEL } from "./local-scorer";
import { suggestTags } from "./suggest-tags";
import { stubHubEnv } from "@/e2e/support/hub-env";

// A hub with no provider configured: the embedded local scorer answers, through the real route handlers.
beforeAll(() => stubHubEnv({ DECISIONS_ENABLED: "true" }));
afterAll(() => vi.unstubAllEnvs());

let ip = 0;
const call = async (handler: (req: NextRequest) => Promise<Response>, body: unknown, from = `203.0.113.${++ip}`) => {
  const res = await handler(new NextRequest("http://127.0.0.1/hub/judge/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "x-hub-peer-addr": from } }));
  return { status: res.status, body: await res.json(), headers: res.headers };
};

describe("no provider configured: the local scorer answers", () => {
  it("decide", async () => {
    const res = await call(decide, {
      state: "The domain is not verified and nobody owns it yet.",
      instructions: "Settle when the owner is verified, else hold.",
      candidates: [
        { id: "Settle", context: "The owner is verified: pay now." },
        { id: "Hold", context: "Not verified: hold the tip in the box." },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, choice: "Hold", model: LOCAL_MODEL, usage: { provider: "local", method: "lexical", requests: 0 } });
    expect(res.body.confidence).toBe(res.body.probabilities.Hold);
    expect(res.body.probabilities.Hold + res.body.probabilities.Settle).toBeCloseTo(1, 9);
  });

  it("classify", async () => {
    const res = await call(classify, { state: "Home\nArchive\nCategories\nRead more\nRead more\nNext page" });
    expect(res.status).toBe(200);
    expect(res.body.model).toBe(LOCAL_MODEL);
    expect(res.body.probability).toBeLessThan(0.65);
  });

  it("tags", async () => {
    const res = await call(tags, { state: "Harbor Nights: a lofi album of late-night tracks.", candidates: ["travel", "music", "lofi", "art"], topK: 2, minProbability: 0.6 });
    expect(res.status).toBe(200);
    expect(res.body.tags.map((t: { tag: string }) => t.tag)).toEqual(["music", "lofi"]);
  });

  it("is rate limited to 30 per minute per address like the provider path", async () => {
    const body = { state: "s", candidates: ["a", "b"] };
    for (let i = 0; i < 30; i++) expect((await call(tags, body, "192.0.2.1")).status).toBe(200);
    const over = await call(tags, body, "192.0.2.1");
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("rate-limited");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("suggestTags (for content without publisher tags)", () => {
  it("keeps only tags at or above 0.6 and marks them tentative", async () => {
    const out = await suggestTags({ title: "Harbor Nights (full album)", description: "Twelve lofi tracks to write code to.", candidates: ["music", "lofi", "software", "travel"] });
    expect(out).toEqual({ tags: ["music", "lofi"], tentative: true, model: LOCAL_MODEL });
  });

  it("never overwrites publisher tags", async () => {
    const out = await suggestTags({ title: "Harbor Nights", description: "lofi music", candidates: ["music", "lofi"], publisherTags: [" ambient ", ""] });
    expect(out).toEqual({ tags: ["ambient"], tentative: false, model: null });
  });

  it("scores nothing with fewer than two usable candidates and returns none when nothing reaches 0.6", async () => {
    expect(await suggestTags({ title: "x", candidates: ["music", "MUSIC", "x".repeat(61)] })).toEqual({ tags: [], tentative: false, model: null });
    expect(await suggestTags({ title: "Untitled", description: "Notes.", candidates: ["music", "travel"] })).toEqual({ tags: [], tentative: false, model: LOCAL_MODEL });
  });
});
