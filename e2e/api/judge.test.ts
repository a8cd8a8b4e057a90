import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_MODEL, fakeProviderPort, startFakeProvider, type FakeBehaviour, type FakeProvider } from "../support/fake-provider";
import { api, expectError } from "../support/hub";

// The hub under test is pointed at the provider double by scripts/test.mjs (JUDGE_BASE_URL,
// JUDGE_API_KEY, JUDGE_MODEL=fake-decider, JUDGE_TIMEOUT_MS=1500). Every test calls from its own
// client address (X-Forwarded-For) so the 30-per-minute limit of one test never touches another.
const KEY = "sk-test-judge-key-never-echoed";

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider(fakeProviderPort());
});
afterAll(async () => {
  await fake?.close();
});

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;
const post = (path: string, json: unknown, ip = nextIp()) => api(path, { json, headers: { "x-forwarded-for": ip } });
const ln = Math.log;

const DECIDE = {
  state: "A reader tipped 0.50 USDC to some-blog.example. The domain is not verified and no owner wallet is known.",
  instructions: "Settle to the owner when the creator is resolved; otherwise hold the tip for a later claim.",
  questionId: "settle-or-hold",
  candidates: [
    { id: "settle", context: "The creator is resolved: pay the verified owner now." },
    { id: "hold", context: "The creator is unknown: keep the tip in the domain's holding box." },
  ],
};
const CLASSIFY = { state: "The case for slow software\nBy Ada Quill, 12 March 2026\n\nSlow software respects your attention." };
const TAGS = { state: "Harbor Nights: a lofi album of late-night tracks.", candidates: ["music", "lofi", "travel", "art"] };

/** The error body never carries the provider key nor the provider's address. */
function expectNoSecrets(res: { body: unknown }) {
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(`127.0.0.1:${fakeProviderPort()}`);
}

describe("POST /hub/judge/decide against an OpenAI-compatible provider", () => {
  it("turns the log-probabilities of a one-token answer into probabilities over the candidates", async () => {
    await fake.set({
      letter: {
        content: "B",
        top: [
          { token: "B", logprob: ln(0.7) },
          { token: "A", logprob: ln(0.2) },
          { token: " B", logprob: ln(0.05) },
          { token: "Sure", logprob: ln(0.05) },
        ],
      },
    });
    const res = await post("/hub/judge/decide", DECIDE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, choice: "hold", model: FAKE_MODEL });
    expect(res.body.probabilities.hold).toBeCloseTo(0.75 / 0.95, 6);
    expect(res.body.probabilities.settle).toBeCloseTo(0.2 / 0.95, 6);
    expect(res.body.confidence).toBeCloseTo(0.75 / 0.95, 6);
    expect(res.body.usage).toMatchObject({ provider: "openai-compatible", method: "logprobs", promptTokens: 120, completionTokens: 1, totalTokens: 121, requests: 1 });

    const [sent, ...more] = await fake.requests();
    expect(more).toEqual([]);
    expect(sent!.authorization).toBe(`Bearer ${KEY}`);
    expect(sent!.body).toMatchObject({ model: "fake-decider", temperature: 0, max_tokens: 1, logprobs: true, top_logprobs: 20 });
    const prompt = sent!.body.messages.at(-1).content as string;
    expect(prompt).toContain("A. id: settle");
    expect(prompt).toContain("B. id: hold");
    expect(prompt).toContain(`<state>\n${DECIDE.state}\n</state>`);
  });

  it("asks for a schema-constrained JSON answer when the provider offers no log-probabilities, and matches the id case-insensitively", async () => {
    await fake.set({ letter: null, json: { choice: "HOLD", probabilities: { Settle: 0.1, hold: 0.9 } } });
    const res = await post("/hub/judge/decide", DECIDE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ choice: "hold", confidence: 0.9, probabilities: { settle: 0.1, hold: 0.9 }, model: FAKE_MODEL });
    expect(res.body.usage).toMatchObject({ method: "json-schema", requests: 2, promptTokens: 240, completionTokens: 2, totalTokens: 242 });

    const sent = await fake.requests();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.logprobs).toBeUndefined();
    expect(sent[1]!.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "decision", strict: true } });
    const schema = sent[1]!.body.response_format.json_schema.schema;
    expect(schema.properties.choice.enum).toEqual(["settle", "hold"]);
    expect(schema.properties.probabilities.required).toEqual(["settle", "hold"]);
  });

  it("clamps scores outside 0..1 and normalises probabilities that sum above 1", async () => {
    await fake.set({ letter: null, json: { choice: "settle", probabilities: { settle: 1.7, hold: -0.3 } } });
    const clamped = await post("/hub/judge/decide", DECIDE);
    expect(clamped.status).toBe(200);
    expect(clamped.body).toMatchObject({ choice: "settle", confidence: 1, probabilities: { settle: 1, hold: 0 } });

    await fake.set({ letter: null, json: { choice: "settle", probabilities: { settle: 0.9, hold: 0.6 } } });
    const normalised = await post("/hub/judge/decide", DECIDE);
    expect(normalised.status).toBe(200);
    expect(normalised.body.probabilities.settle).toBeCloseTo(0.6, 9);
    expect(normalised.body.probabilities.hold).toBeCloseTo(0.4, 9);
  });

  const unusable: Array<[string, FakeBehaviour, RegExp]> = [
    ["an id outside the candidates (JSON)", { letter: null, json: { choice: "refund", probabilities: { settle: 0.5, hold: 0.5 } } }, /"refund", which is not one of the candidate ids/],
    ["a letter outside the candidates", { letter: { content: "C", top: [{ token: "C", logprob: -0.1 }] } }, /"C", which is not one of the candidate ids/],
    ["an empty one-token answer", { letter: { content: "", top: [{ token: "", logprob: -0.1 }] } }, /empty answer/],
    ["an empty JSON answer", { letter: null, json: "" }, /empty answer/],
    ["malformed JSON", { letter: null, json: '{"choice": "hold", ' }, /malformed JSON/],
    ["a choice without probabilities", { letter: null, json: { choice: "hold" } }, /no probabilities/],
    ["log-probabilities on no candidate letter", { letter: { content: "A", top: [{ token: "Sure", logprob: -0.01 }] } }, /no probabilities/],
    ["HTTP 500", { status: 500 }, /answered HTTP 500/],
    ["HTTP 401 (a rejected key)", { status: 401 }, /answered HTTP 401/],
  ];
  it.each(unusable)("answers 502 for %s, naming no secret", async (_name, behaviour, details) => {
    await fake.set(behaviour);
    const res = await post("/hub/judge/decide", DECIDE);
    expect(expectError(res, 502, "bad-gateway").details).toMatch(details);
    expectNoSecrets(res);
  });

  it("answers 502 when the provider does not answer within JUDGE_TIMEOUT_MS", async () => {
    await fake.set({ hang: true });
    const t0 = Date.now();
    const res = await post("/hub/judge/decide", DECIDE);
    expect(expectError(res, 502, "bad-gateway").details).toBe("The decision provider did not answer within 1500 ms");
    expect(Date.now() - t0).toBeLessThan(10_000);
    expectNoSecrets(res);
  });
});

describe("POST /hub/judge/classify", () => {
  it("reads P(yes) from the log-probabilities of a yes/no answer", async () => {
    await fake.set({ letter: { content: "Yes", top: [{ token: "Yes", logprob: ln(0.6) }, { token: "yes", logprob: ln(0.2) }, { token: "No", logprob: ln(0.2) }] } });
    const res = await post("/hub/judge/classify", { ...CLASSIFY, instructions: "A post with a byline counts." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, model: FAKE_MODEL, usage: { method: "logprobs", requests: 1 } });
    expect(res.body.probability).toBeCloseTo(0.8, 9);
    const [sent] = await fake.requests();
    expect(sent!.body.messages.at(-1).content).toContain("Instructions: A post with a byline counts.");
  });

  it("clamps a JSON probability outside 0..1", async () => {
    await fake.set({ letter: null, json: { probability: 3 } });
    const high = await post("/hub/judge/classify", CLASSIFY);
    expect(high.status).toBe(200);
    expect(high.body).toMatchObject({ probability: 1, usage: { method: "json-schema", requests: 2 } });
    await fake.set({ letter: null, json: { probability: -2 } });
    expect((await post("/hub/judge/classify", CLASSIFY)).body.probability).toBe(0);
  });

  it.each<[string, FakeBehaviour, RegExp]>([
    ["neither yes nor no", { letter: { content: "maybe", top: [{ token: "maybe", logprob: -0.1 }] } }, /neither yes nor no/],
    ["an empty answer", { letter: { content: " ", top: [{ token: " ", logprob: -0.1 }] } }, /empty answer/],
    ["a JSON answer without a probability", { letter: null, json: { p: 0.5 } }, /no probability/],
    ["HTTP 503", { status: 503 }, /answered HTTP 503/],
  ])("answers 502 for %s", async (_name, behaviour, details) => {
    await fake.set(behaviour);
    const res = await post("/hub/judge/classify", CLASSIFY);
    expect(expectError(res, 502, "bad-gateway").details).toMatch(details);
    expectNoSecrets(res);
  });
});

describe("POST /hub/judge/tags", () => {
  it("keeps the candidates the model scored, clamped, best first, cut to topK, in the caller's spelling", async () => {
    await fake.set({ json: { scores: { music: 0.9, LOFI: 0.7, travel: 1.4, art: -1, "not-a-candidate": 0.99 } } });
    const res = await post("/hub/judge/tags", { ...TAGS, topK: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, tags: [{ tag: "travel", probability: 1 }, { tag: "music", probability: 0.9 }], model: FAKE_MODEL });
    expect(res.body.usage).toMatchObject({ method: "json-schema", requests: 1 });

    const [sent] = await fake.requests();
    expect(sent!.body.logprobs).toBeUndefined();
    expect(sent!.body.response_format.json_schema.schema.properties.scores.required).toEqual(TAGS.candidates);
  });

  it("drops tags under minProbability and defaults topK to 3", async () => {
    await fake.set({ json: { scores: { music: 0.9, lofi: 0.7, travel: 0.8, art: 0.75 } } });
    const res = await post("/hub/judge/tags", { ...TAGS, minProbability: 0.75 });
    expect(res.body.tags).toEqual([
      { tag: "music", probability: 0.9 },
      { tag: "travel", probability: 0.8 },
      { tag: "art", probability: 0.75 },
    ]);
  });

  it.each<[string, FakeBehaviour, RegExp]>([
    ["no candidate scored", { json: { scores: { jazz: 1 } } }, /scored none of the candidate tags/],
    ["an empty answer", { json: "" }, /empty answer/],
    ["JSON that is not an object", { json: "[1, 2]" }, /not an object/],
  ])("answers 502 for %s", async (_name, behaviour, details) => {
    await fake.set(behaviour);
    expect(expectError(await post("/hub/judge/tags", TAGS), 502, "bad-gateway").details).toMatch(details);
  });
});

describe("input bounds", () => {
  const long = (n: number) => "x".repeat(n);
  const cands = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, context: "" }));
  const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`);
  const { state: _s, ...decideNoState } = DECIDE;
  const { instructions: _i, ...decideNoInstructions } = DECIDE;

  const table: Array<[string, string, unknown, string]> = [
    ["decide", "state missing", decideNoState, "state"],
    ["decide", "state empty", { ...DECIDE, state: "" }, "state"],
    ["decide", "state over 4000", { ...DECIDE, state: long(4001) }, "state"],
    ["decide", "state not a string", { ...DECIDE, state: 42 }, "state"],
    ["decide", "instructions missing", decideNoInstructions, "instructions"],
    ["decide", "instructions over 500", { ...DECIDE, instructions: long(501) }, "instructions"],
    ["decide", "questionId over 100", { ...DECIDE, questionId: long(101) }, "questionId"],
    ["decide", "one candidate", { ...DECIDE, candidates: cands(1) }, "candidates"],
    ["decide", "13 candidates", { ...DECIDE, candidates: cands(13) }, "candidates"],
    ["decide", "candidates not an array", { ...DECIDE, candidates: "settle,hold" }, "candidates"],
    ["decide", "empty candidate id", { ...DECIDE, candidates: [{ id: "", context: "" }, { id: "b", context: "" }] }, "candidates.0.id"],
    ["decide", "candidate id over 200", { ...DECIDE, candidates: [{ id: long(201) }, { id: "b" }] }, "candidates.0.id"],
    ["decide", "context over 2000", { ...DECIDE, candidates: [{ id: "a" }, { id: "b", context: long(2001) }] }, "candidates.1.context"],
    ["decide", "ids equal ignoring case", { ...DECIDE, candidates: [{ id: "Hold" }, { id: "hold" }] }, "candidates.1"],
    ["classify", "state missing", {}, "state"],
    ["classify", "state over 4000", { state: long(4001) }, "state"],
    ["classify", "instructions over 500", { ...CLASSIFY, instructions: long(501) }, "instructions"],
    ["classify", "instructions empty", { ...CLASSIFY, instructions: "" }, "instructions"],
    ["tags", "state missing", { candidates: TAGS.candidates }, "state"],
    ["tags", "state over 4000", { ...TAGS, state: long(4001) }, "state"],
    ["tags", "one candidate", { ...TAGS, candidates: ["music"] }, "candidates"],
    ["tags", "25 candidates", { ...TAGS, candidates: tags(25) }, "candidates"],
    ["tags", "a tag over 60", { ...TAGS, candidates: [long(61), "music"] }, "candidates.0"],
    ["tags", "an empty tag", { ...TAGS, candidates: ["music", "  "] }, "candidates.1"],
    ["tags", "tags equal ignoring case", { ...TAGS, candidates: ["Music", "music"] }, "candidates.1"],
    ["tags", "topK 0", { ...TAGS, topK: 0 }, "topK"],
    ["tags", "topK 11", { ...TAGS, topK: 11 }, "topK"],
    ["tags", "topK not an integer", { ...TAGS, topK: 2.5 }, "topK"],
    ["tags", "minProbability above 1", { ...TAGS, minProbability: 1.5 }, "minProbability"],
    ["tags", "minProbability below 0", { ...TAGS, minProbability: -0.1 }, "minProbability"],
  ];

  it.each(table)("%s: %s → 400 naming %s, and the provider is never asked", async (route, _name, body, field) => {
    await fake.set({ letter: { content: "A", top: [{ token: "A", logprob: 0 }] }, json: { probability: 0.5 } });
    const res = await post(`/hub/judge/${route}`, body);
    expect(expectError(res, 400, "invalid-request").details).toContain(`${field}:`);
    expect(await fake.requests()).toEqual([]);
  });

  it("answers 400 invalid-json for a malformed body", async () => {
    const res = await api("/hub/judge/decide", { body: "{not json", headers: { "x-forwarded-for": nextIp() } });
    expectError(res, 400, "invalid-json");
  });
});

describe("rate limit: 30 requests per minute per client address", () => {
  it("refuses the 31st request of a minute with 429 and Retry-After, across the three helpers, without asking the provider", async () => {
    await fake.set({ letter: { content: "A", top: [{ token: "A", logprob: ln(0.9) }, { token: "B", logprob: ln(0.1) }] }, json: { scores: { music: 0.9 } } });
    const ip = nextIp();
    const paths = ["/hub/judge/decide", "/hub/judge/classify", "/hub/judge/tags"] as const;
    const bodies = { "/hub/judge/decide": DECIDE, "/hub/judge/classify": CLASSIFY, "/hub/judge/tags": TAGS };
    // classify's letter "A" is neither yes nor no: a 502 still counts as a request.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => paths[(i + j) % 3]!).map((p) => post(p, bodies[p], ip)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const asked = (await fake.requests()).length;

    const over = await post("/hub/judge/decide", DECIDE, ip);
    expectError(over, 429, "rate-limited");
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get("ratelimit-limit")).toBe("30");
    expect((await fake.requests()).length).toBe(asked);

    // Another address is not affected.
    expect((await post("/hub/judge/decide", DECIDE, nextIp())).status).toBe(200);
  });
});

describe("legacy /api prefix", () => {
  it("answers /api/hub/judge/decide like /hub/judge/decide", async () => {
    await fake.set({ letter: { content: "A", top: [{ token: "A", logprob: ln(0.9) }, { token: "B", logprob: ln(0.1) }] } });
    const res = await post("/api/hub/judge/decide", DECIDE);
    expect(res.status).toBe(200);
    expect(res.body.choice).toBe("settle");
    expect(res.body.confidence).toBeCloseTo(0.9, 9);
  });
});
