import { beforeEach, describe, expect, it, vi } from "vitest";

const settings = vi.hoisted(() => ({ READ_CACHE_MS: 80 }));
vi.mock("@/lib/env", () => ({ env: settings }));

const { cachedRead: cachedAnswer, cachedValue, invalidateReads, keepAnswer, keptAnswer, readCacheKey, readGeneration } = await import("./read-cache");
const { plainResponse } = await import("./plain-answer");
type PlainAnswer = import("./plain-answer").PlainAnswer;

/** cachedRead's answer as a Response, as Next gets it (the edge writes a plain answer as it is). */
const cachedRead = async (key: string, compute: () => Promise<Response | PlainAnswer>) => {
  const answer = await cachedAnswer(key, compute);
  return answer instanceof Response ? answer : plainResponse(answer);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const json = (value: unknown, status = 200) => Response.json(value, { status });
const key = (url: string, headers: Record<string, string> = {}) => readCacheKey(new Request(url, { headers }), new URL(url));

describe("read cache", () => {
  beforeEach(() => {
    settings.READ_CACHE_MS = 80;
    invalidateReads();
  });

  it("keys by method, host, scheme, path and sorted query", () => {
    const a = key("http://hub.test/hub/ledger?limit=2&domain=x.example", { host: "hub.test" });
    expect(key("http://hub.test/hub/ledger?domain=x.example&limit=2", { host: "hub.test" })).toBe(a);
    expect(key("http://hub.test/hub/ledger?domain=x.example&limit=3", { host: "hub.test" })).not.toBe(a);
    expect(key("http://hub.test/hub/ledger?domain=x.example&limit=2", { host: "blog.test" })).not.toBe(a);
    expect(key("http://hub.test/hub/ledger?domain=x.example&limit=2", { host: "hub.test", "x-forwarded-proto": "https" })).not.toBe(a);
    expect(key("http://hub.test/hub/ledger?domain=x.example&limit=2", { host: "hub.test", "x-forwarded-host": "other.test" })).not.toBe(a);
    expect(key("http://hub.test/hub/ledger?domain=x.example&limit=2", { host: "hub.test", "x-hub-blog-origin": "https://b.test" })).not.toBe(a);
    // Repeated parameters keep their order among themselves.
    expect(key("http://hub.test/p?a=1&a=2")).not.toBe(key("http://hub.test/p?a=2&a=1"));
  });

  it("keeps a 200 for the bound and computes it again after", async () => {
    let n = 0;
    const compute = async () => json({ n: ++n });
    const first = await cachedRead("k", compute);
    expect(first.headers.get("x-hub-cache")).toBe("miss");
    expect(await first.json()).toEqual({ n: 1 });
    const second = await cachedRead("k", compute);
    expect(second.headers.get("x-hub-cache")).toBe("hit");
    expect(await second.json()).toEqual({ n: 1 });
    await sleep(100);
    expect(await (await cachedRead("k", compute)).json()).toEqual({ n: 2 });
  });

  it("never keeps another status, and passes a thrown error to every waiter", async () => {
    let n = 0;
    const notFound = async () => json({ n: ++n }, 404);
    await cachedRead("e", notFound);
    const again = await cachedRead("e", notFound);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ n: 2 });
    const failing = () => new Promise<Response>((_, reject) => setTimeout(() => reject(new Error("boom")), 10));
    const results = await Promise.allSettled([cachedRead("f", failing), cachedRead("f", failing)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });

  it("answers concurrent misses with one computation", async () => {
    let n = 0;
    const slow = async () => {
      n += 1;
      await sleep(20);
      return json({ n });
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cachedRead("c", slow)));
    expect(n).toBe(1);
    expect(answers.map((a) => a.headers.get("x-hub-cache")).sort()).toEqual(["miss", ...Array(9).fill("shared")]);
    expect(new Set(await Promise.all(answers.map((a) => a.text()))).size).toBe(1);
  });

  it("drops every kept answer on a write, and does not keep one computed while a write finished", async () => {
    let n = 0;
    const compute = async () => json({ n: ++n });
    await cachedRead("w", compute);
    invalidateReads();
    expect(await (await cachedRead("w", compute)).json()).toEqual({ n: 2 });
    const during = async () => {
      const res = json({ n: ++n });
      invalidateReads(); // a write finished while this answer was being computed
      return res;
    };
    await cachedRead("v", during);
    expect((await cachedRead("v", compute)).headers.get("x-hub-cache")).toBe("miss");
  });

  it("keeps anonymous pages across a write of counts only, which drops every kept answer and value, and drops them on any other write", async () => {
    let n = 0;
    const compute = async () => json({ n: ++n });
    const page = (body: string) => ({ status: 200, headers: [["content-type", "text/html"]] as Array<[string, string]>, body: new TextEncoder().encode(body) });
    const keepPage = (key: string, body: string) => keepAnswer(key, page(body), { at: Date.now(), generation: readGeneration(true), page: true });
    await cachedRead("a", compute);
    await cachedValue("count", async () => n);
    keepPage("page /explore", "explore");
    invalidateReads("counts");
    expect(keptAnswer("page /explore")).toBeDefined();
    expect((await cachedRead("a", compute)).headers.get("x-hub-cache")).toBe("miss");
    expect(await cachedValue("count", async () => "again")).toBe("again");
    // A page rendered while a write of counts finished is still kept; an answer computed then is not.
    const pageGeneration = readGeneration(true);
    const answerGeneration = readGeneration();
    invalidateReads("counts");
    keepAnswer("page /ledger", page("ledger"), { at: Date.now(), generation: pageGeneration, page: true });
    keepAnswer("b", page("{}"), { at: Date.now(), generation: answerGeneration });
    expect(keptAnswer("page /ledger")).toBeDefined();
    expect(keptAnswer("b")).toBeUndefined();
    // Any other write drops the pages, and a page rendered across it is not kept.
    invalidateReads();
    expect(keptAnswer("page /explore")).toBeUndefined();
    expect(keptAnswer("page /ledger")).toBeUndefined();
    keepAnswer("page /stats", page("stats"), { at: Date.now(), generation: pageGeneration, page: true });
    expect(keptAnswer("page /stats")).toBeUndefined();
    // A kept page still ends with the bound.
    keepPage("page /", "home");
    await sleep(100);
    expect(keptAnswer("page /")).toBeUndefined();
  });

  it("is off at 0", async () => {
    settings.READ_CACHE_MS = 0;
    let n = 0;
    const compute = async () => json({ n: ++n });
    await cachedRead("o", compute);
    const again = await cachedRead("o", compute);
    expect(again.headers.get("x-hub-cache")).toBeNull();
    expect(await again.json()).toEqual({ n: 2 });
  });

  it("answers in plain form, a hit with the very bytes it kept; a Response computed is kept as its bytes; one that repeats a header stays a Response", async () => {
    let n = 0;
    const plain = async (): Promise<PlainAnswer> => ({ status: 200, headers: { "Content-Type": "application/json", "x-content-type-options": "nosniff" }, text: JSON.stringify({ n: ++n, s: "é" }) });
    const miss = await cachedAnswer("p", plain);
    const hit = await cachedAnswer("p", plain);
    if (miss instanceof Response || hit instanceof Response) throw new Error("expected plain answers");
    expect(miss.headers).toEqual({ "content-type": "application/json", "x-content-type-options": "nosniff", "x-hub-cache": "miss" });
    expect(hit.headers["x-hub-cache"]).toBe("hit");
    expect(hit.text).toBeInstanceOf(Uint8Array);
    expect(hit.text).toBe(miss.text); // kept once, sent as kept
    expect(JSON.parse(new TextDecoder().decode(hit.text as Uint8Array))).toEqual({ n: 1, s: "é" });
    expect(await plainResponse(hit).json()).toEqual({ n: 1, s: "é" });

    const fromResponse = await cachedAnswer("r", async () => json({ r: 1 }, 200));
    const again = await cachedAnswer("r", async () => json({ r: 2 }, 200));
    if (fromResponse instanceof Response || again instanceof Response) throw new Error("expected plain answers");
    expect(again.headers["x-hub-cache"]).toBe("hit");
    expect(JSON.parse(new TextDecoder().decode(again.text as Uint8Array))).toEqual({ r: 1 });

    const cookies = () => {
      const res = json({ c: 1 });
      res.headers.append("set-cookie", "a=1");
      res.headers.append("set-cookie", "b=2");
      return Promise.resolve(res);
    };
    await cachedAnswer("c", cookies);
    const twice = await cachedAnswer("c", cookies);
    if (!(twice instanceof Response)) throw new Error("expected a Response");
    expect(twice.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(twice.headers.get("x-hub-cache")).toBe("hit");
  });

  it("returns what was computed as it is at 0", async () => {
    settings.READ_CACHE_MS = 0;
    const answer: PlainAnswer = { status: 200, headers: { "content-type": "application/json" }, text: "{}" };
    expect(await cachedAnswer("z", async () => answer)).toBe(answer);
  });

  it("evicts its oldest answers past the entry bound", async () => {
    settings.READ_CACHE_MS = 60_000;
    for (let i = 0; i <= 2_000; i++) await cachedRead(`n${i}`, async () => json(i));
    expect((await cachedRead("n0", async () => json("again"))).headers.get("x-hub-cache")).toBe("miss");
    expect((await cachedRead("n2000", async () => json("again"))).headers.get("x-hub-cache")).toBe("hit");
  });
});

describe("kept values (a count shared by every explore page)", () => {
  beforeEach(() => {
    settings.READ_CACHE_MS = 80;
    invalidateReads();
  });

  it("computes a value once within the bound, sharing a computation under way, and again after it", async () => {
    let runs = 0;
    const compute = async () => {
      runs++;
      await sleep(10);
      return 42;
    };
    expect(await Promise.all([cachedValue("count", compute), cachedValue("count", compute), cachedValue("count", compute)])).toEqual([42, 42, 42]);
    expect(await cachedValue("count", compute)).toBe(42);
    expect(runs).toBe(1);
    await sleep(90);
    await cachedValue("count", compute);
    expect(runs).toBe(2);
  });

  it("recomputes after a write in this process, never keeps a failure, and is off at 0", async () => {
    let n = 0;
    expect(await cachedValue("v", async () => ++n)).toBe(1);
    invalidateReads();
    expect(await cachedValue("v", async () => ++n)).toBe(2);
    await expect(cachedValue("bad", async () => Promise.reject(new Error("database is locked")))).rejects.toThrow("locked");
    expect(await cachedValue("bad", async () => "fine")).toBe("fine");
    settings.READ_CACHE_MS = 0;
    expect(await cachedValue("v", async () => ++n)).toBe(3);
    expect(await cachedValue("v", async () => ++n)).toBe(4);
  });

  it("keeps at most 256 values, dropping the oldest", async () => {
    for (let i = 0; i <= 256; i++) await cachedValue(`k${i}`, async () => i);
    expect(await cachedValue("k0", async () => "recomputed")).toBe("recomputed");
    expect(await cachedValue("k256", async () => "recomputed")).toBe(256);
  });

  it("keeps quoted rows under a bound of their own: thousands of them push out no shared value", async () => {
    invalidateReads();
    await cachedValue("count", async () => 42);
    for (let i = 0; i < 4_096; i++) await cachedValue(`row${i}`, async () => i, "rows");
    expect(await cachedValue("count", async () => "recomputed")).toBe(42);
    expect(await cachedValue("row0", async () => "recomputed", "rows")).toBe(0);
    await cachedValue("row4096", async () => 4_096, "rows");
    expect(await cachedValue("row0", async () => "recomputed", "rows")).toBe("recomputed");
    expect(await cachedValue("row2", async () => "recomputed", "rows")).toBe(2);
    // The same key in two spaces is two values.
    expect(await cachedValue("count", async () => "row", "rows")).toBe("row");
  });
});
